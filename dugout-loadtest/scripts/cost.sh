#!/usr/bin/env bash
# What one operation costs the server in CPU, at a fixed offered load: a fresh server, a warm-up
# run, then the measured run of the same scenario; the server's CPU time (user + system, from
# /proc) over the measured run divided by the sends it carried. Fixed work makes this steadier than
# throughput on a shared host, where a neighbour's load moves sends/s by a third. Usage:
#   dugout-loadtest/scripts/cost.sh SERVER_JAR LOADTEST_JAR OUT_DIR LABEL scenario [options...]
# e.g. cost.sh dugout-server.jar dugout-loadtest.jar out a chat --rate 3000 --duration 20s
# One line per call, appended to OUT_DIR/runs.txt. JAVA, SERVER_OPTS as in fresh-server.sh.
# WARM_RUNS=N runs the warm-up N times (default 1), e.g. to have code that runs only now and then,
# such as a push's HTTP call, compiled before the measured run.
# THREAD=NAME also reports the CPU of the server's threads whose name starts with NAME (the first
# 15 characters, as Linux keeps them), e.g. THREAD=dugout-chat-notifier.
set -euo pipefail
# shellcheck source=fresh-server.sh
. "$(dirname "$0")/fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3 label=$4
shift 4
java=${JAVA:-java}
port=${PORT:-18597}
tick=$(getconf CLK_TCK)
mkdir -p "$out"
cpu_seconds() { awk -v t="$tick" '{print ($14 + $15) / t}' "/proc/$server_pid/stat"; }
thread_seconds() { # the CPU of the THREAD threads, summed from threads.py
  local name=${THREAD:-}
  [ -n "$name" ] || { echo 0; return; }
  python3 "$(dirname "$0")/threads.py" "$server_pid" |
    awk -F'\t' -v t="${name:0:15}" 'index($1, t) == 1 || index(t, $1) == 1 { s += $3 } END { print s + 0 }'
}
start_server "$server_jar" "$port" "$out/$label.server.log"
for ((warm = 1; warm <= ${WARM_RUNS:-1}; warm++)); do
  "$java" -jar "$loadtest_jar" "$@" --url "http://localhost:$port" --out "$out/$label-warm" \
    >"$out/$label-warm.txt" 2>&1 || true
done
before=$(cpu_seconds) thread_before=$(thread_seconds)
"$java" -jar "$loadtest_jar" "$@" --url "http://localhost:$port" --out "$out/$label" \
  >"$out/$label.txt" 2>&1 || true
after=$(cpu_seconds) thread_after=$(thread_seconds)
stop_server
python3 - "$out/$label/result.json" "$label" "$before" "$after" "$thread_before" "$thread_after" \
  "${THREAD:-}" <<'PY' | tee -a "$out/runs.txt"
import json, sys
r = json.load(open(sys.argv[1])); c = r['counts']; lat = r['latency']
cpu = float(sys.argv[4]) - float(sys.argv[3])
ops = c.get('sent') or c.get('attempts')
key = 'delivery' if 'delivery' in lat else 'echo'
print('%s server cpu %.1f s  sends %d  %.0f us/send  %s p50 %.1f p99 %.1f ms  lost %d errors %d'
      ' generator %.2f cores' % (sys.argv[2], cpu, ops, 1e6 * cpu / ops, key, lat[key]['p50Ms'],
      lat[key]['p99Ms'], c.get('lost', 0), c.get('errors', 0), r['generator']['cpuCores']),
      end='')
if sys.argv[7]:
    thread = float(sys.argv[6]) - float(sys.argv[5])
    print('  %s %.2f s, %.0f us/send' % (sys.argv[7], thread, 1e6 * thread / ops), end='')
print()
PY
