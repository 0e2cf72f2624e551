#!/usr/bin/env bash
# Closed loop several times in a row on one fresh server with the listener on, and where each
# run's server CPU went, by thread-name group (/proc/PID/task/*/stat before and after each run).
#   docs/benchmarks/server-choice/netty/attempts/decay.sh JAR LOADTEST_JAR OUT_DIR RUNS
# JAVA and SERVER_OPTS as in ../../../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../fresh-server.sh
. "$here/../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 runs=$4
java=${JAVA:-java}
mkdir -p "$out"
threads() {
  for t in /proc/"$server_pid"/task/*; do
    printf '%s\t%s\n' "$(tr ' ' _ <"$t/comm")" "$(awk '{print $14 + $15}' "$t/stat")"
  done
}
SERVER_OPTS="${SERVER_OPTS:-${DUGOUT_JVM_OPTIONS[*]}} -Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600" \
  start_server "$jar" 18597 "$out/server.log"
for run in $(seq 1 "$runs"); do
  threads >"$out/threads-$run.before"
  "$java" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 30s \
    --ramp-up 10s --url http://localhost:18597 --ws-port 18600 --out "$out/run-$run" \
    >/dev/null 2>&1 || true
  threads >"$out/threads-$run.after"
  python3 - "$out" "$run" <<'PY' | tee -a "$out/runs.txt"
import collections, json, re, sys
out, run = sys.argv[1], sys.argv[2]
def load(name):
    cpu = collections.Counter()
    for line in open(f'{out}/threads-{run}.{name}'):
        comm, ticks = line.rstrip('\n').split('\t')
        cpu[re.sub(r'[-_]?[0-9]+$', '', comm)] += int(ticks)
    return cpu
before, after = load('before'), load('after')
r = json.load(open(f'{out}/run-{run}/result.json'))
groups = sorted(((after[k] - before.get(k, 0)) / 100, k) for k in after)
top = ', '.join('%s %.1f' % (k, v) for v, k in reversed(groups) if v >= 0.5)
print('run %s sends/s %.0f server cpu %.1f s: %s' % (
    run, r['counts']['sent'] / r['measuredSeconds'], sum(v for v, _ in groups), top))
PY
done
stop_server
