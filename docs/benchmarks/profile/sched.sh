#!/usr/bin/env bash
# Who takes the cores from a listener server's threads at an open-loop rate: a fresh server with
# the listener on (the JVM options of ./dugout run), a 10 s closed-loop run that warms it, then
# RATE sends/s (1000 users in 100 rooms, 30 s after a 5 s --warm-up), and `perf record` of every
# scheduler switch on the machine over 5 s of the measured part; then the switches away from the
# server's event loops, by what ran next, split into preempted (still runnable) and sleeping; and
# over the same 5 s each server thread's futex calls (a thread parking, or waking another), per
# send, in OUT_DIR/futex.txt.
#   docs/benchmarks/profile/sched.sh SERVER_JAR LOADTEST_JAR OUT_DIR RATE
# Needs perf with the sched tracepoints (root). JAVA, SERVER_OPTS as in ../fresh-server.sh;
# EXTRA adds JVM options to the server.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../fresh-server.sh
. "$here/../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 rate=$4
java=${JAVA:-java}
mkdir -p "$out"
listener="-Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600"
SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} $listener ${EXTRA:-}" start_server "$jar" 18597 "$out/server.log"
"$java" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 10s \
  --ramp-up 10s --url http://localhost:18597 --ws-port 18600 --out "$out/warm" \
  >"$out/warm.txt" 2>&1 || true
"$java" -jar "$loadtest" chat --users 1000 --rooms 100 --rate "$rate" --duration 30s \
  --warm-up 5s --ramp-up 10s --url http://localhost:18597 --ws-port 18600 --out "$out/run" \
  >"$out/run.txt" 2>&1 &
loadtest_pid=$!
until grep -q "/run " "$out/run.txt" 2>/dev/null; do sleep 0.2; done
sleep 3
perf stat --per-thread -x, -e syscalls:sys_enter_futex -p "$server_pid" -o "$out/futex.csv" \
  -- sleep 5 &
futex_pid=$!
perf record -e sched:sched_switch -a -o "$out/sched.data" -- sleep 5 >"$out/perf.txt" 2>&1
wait "$futex_pid"
wait "$loadtest_pid" || true
stop_server
perf script -i "$out/sched.data" -F trace 2>/dev/null | python3 "$here/preempted.py" dugout-netty |
  tee "$out/preempted.txt"
python3 - "$out/futex.csv" "$rate" <<'PY' | tee "$out/futex.txt"
import collections, csv, sys
sends = float(sys.argv[2]) * 5
calls = collections.Counter()
for row in csv.reader(l for l in open(sys.argv[1]) if l.strip() and not l.startswith('#')):
    if row[1].isdigit():
        calls[row[0].rsplit('-', 1)[0].rstrip('0123456789/-')] += int(row[1])
print('futex calls per send by server thread (%d sends in the 5 s)' % sends)
for name, count in calls.most_common(6):
    print('  %-32s %.3f' % (name, count / sends))
PY
