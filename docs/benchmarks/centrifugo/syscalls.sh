#!/usr/bin/env bash
# System calls per send of each server at one open-loop rate, counted by the kernel's own
# tracepoints (perf stat -e 'syscalls:sys_enter_*', which does not slow the server as strace does):
# a fresh Dugout and a fresh Centrifugo, one unmeasured closed-loop run that warms both, then
# chat --rate RATE with --centrifugo, and 5 s of each server's measured window counted. At a fixed
# rate the sends in those 5 s are RATE × 5, so OUT_DIR/syscalls.txt has each call's count per send.
#   docs/benchmarks/centrifugo/syscalls.sh CENTRIFUGO_BIN SERVER_JAR LOADTEST_JAR OUT_DIR RATE
# Needs perf and kernel.perf_event_paranoid <= 2 (or root). JAVA, SERVER_OPTS as in ../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=servers.sh
. "$here/servers.sh"
centrifugo=$1 server_jar=$2 loadtest_jar=$3 out=$4 rate=$5
mkdir -p "$out"
start_pair "$out" 1 "$server_jar" "$port" "$centrifugo"
load() {
  "$java" -jar "$loadtest_jar" chat --users 1000 --rooms 100 "$@" --duration 30s --ramp-up 10s \
    --warm-up 5s --generator-warm-up 20s --url "http://localhost:$port" --hmac-secret "$secret" \
    --centrifugo "$centrifugo_ws"
}
load --closed-loop --out "$out/warm" >"$out/warm.txt" 2>&1 || true
load --rate "$rate" --out "$out/run" >"$out/run.txt" 2>&1 &
loadtest=$!
count() {
  local phase=$1 pid=$2 name=$3
  until grep -q "^chat/$phase .*1[0-9]\.[0-9]s " "$out/run.txt" 2>/dev/null; do sleep 0.2; done
  perf stat -x, -e 'syscalls:sys_enter_*' -p "$pid" -o "$out/$name.csv" -- sleep 5
}
count run "$server_pid" dugout
count centrifugo-run "$centrifugo_pid" centrifugo
wait "$loadtest" || true
stop_pair
python3 - "$out" "$rate" <<'PY' | tee "$out/syscalls.txt"
import csv, sys
out, sends = sys.argv[1], float(sys.argv[2]) * 5
counts = {}
for name in ('dugout', 'centrifugo'):
    for row in csv.reader(l for l in open(f'{out}/{name}.csv') if l[0].isdigit()):
        call = row[2].replace('syscalls:sys_enter_', '')
        counts.setdefault(call, {})[name] = int(row[0])
print('%-20s %10s %10s   (per send: %d sends in each 5 s window)' % ('call', 'dugout', 'centrifugo', sends))
rows = sorted(counts.items(), key=lambda kv: -max(kv[1].values()))
total = {'dugout': 0, 'centrifugo': 0}
for call, c in rows:
    d, g = c.get('dugout', 0), c.get('centrifugo', 0)
    total['dugout'] += d; total['centrifugo'] += g
    if max(d, g) >= sends * 0.01:
        print('%-20s %10.2f %10.2f' % (call, d / sends, g / sends))
print('%-20s %10.2f %10.2f' % ('all', total['dugout'] / sends, total['centrifugo'] / sends))
PY
