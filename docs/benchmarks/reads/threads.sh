#!/usr/bin/env bash
# Where a warm server's CPU goes during one history run, by thread group: a fresh server, a warm-up
# run, then the measured run; each thread's user + system ticks (/proc/PID/task) over the measured
# run, summed by thread name with digits dropped (ForkJoinPool-# = virtual-thread carriers,
# C#_CompilerThre = the JIT, http-nio-# = Tomcat's poller and acceptor). Usage:
#   docs/benchmarks/reads/threads.sh SERVER_JAR LOADTEST_JAR OUT_DIR LABEL \
#       "WARM-UP history options" "MEASURED history options" [server arguments...]
# e.g. threads.sh dugout-server.jar dugout-loadtest.jar out a \
#   "--messages 2000 --requests 20 --enter-requests 200" \
#   "--messages 100 --requests 1 --enter-requests 200"
# One line per call, appended to OUT_DIR/runs.txt: the measured run's enter and history req/s
# and the ticks (1/CLK_TCK s) of the three busiest thread groups.
set -euo pipefail
# shellcheck source=../fresh-server.sh
. "$(dirname "$0")/../fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3 label=$4 warm=$5 measured=$6
shift 6
java=${JAVA:-java}
port=${PORT:-18594}
mkdir -p "$out"
snapshot() {
  for task in /proc/"$server_pid"/task/*; do
    echo "${task##*/} $(tr ' ' '_' <"$task/comm") $(awk '{print $14 + $15}' "$task/stat")"
  done 2>/dev/null || true
}
start_server "$server_jar" "$port" "$out/$label.server.log" "$@"
# shellcheck disable=SC2086
"$java" -jar "$loadtest_jar" history --url "http://localhost:$port" --out "$out/$label-warm" $warm \
  >"$out/$label-warm.txt" 2>&1 || true
snapshot >"$out/$label.before"
# shellcheck disable=SC2086
"$java" -jar "$loadtest_jar" history --url "http://localhost:$port" --out "$out/$label" $measured \
  >"$out/$label.txt" 2>&1 || true
snapshot >"$out/$label.after"
stop_server
python3 - "$out" "$label" <<'PY' | tee -a "$out/runs.txt"
import collections, json, re, sys
out, label = sys.argv[1], sys.argv[2]
def load(name):
    rows = {}
    for line in open(f'{out}/{label}.{name}'):
        parts = line.split()
        if len(parts) == 3:
            rows[parts[0]] = (re.sub(r'\d+', '#', parts[1]), int(parts[2]))
    return rows
before, after = load('before'), load('after')
groups = collections.Counter()
for tid, (group, ticks) in after.items():
    groups[group] += ticks - before.get(tid, (group, 0))[1]
result = json.load(open(f'{out}/{label}/result.json'))
rates = {s: result['latency'].get(s, {}).get('perSecond', 0) for s in ('history', 'enter')}
busiest = '  '.join(f'{g} {t}' for g, t in groups.most_common(3))
print(f'{label} enter/s {rates.get("enter", 0):.0f} history/s {rates.get("history", 0):.0f}  '
      f'ticks {sum(groups.values())}: {busiest}')
PY
