#!/usr/bin/env bash
# What a send costs Dugout and Centrifugo in CPU at the same fixed rate, in the same invocation of
# the load tester: per round a fresh Dugout server and a fresh Centrifugo (config.json beside this
# script), one unmeasured run to warm both, then the measured run; each server's user and system
# CPU time (from /proc) over its whole part of that run, divided by the sends of its measured
# window. Both parts include the same set-up (connects, subscriptions) and --warm-up, so the ratio
# is fair even though the per-send figures carry that overhead. A fixed load makes this steadier
# than closed-loop throughput on a shared host. Usage:
#   dugout-loadtest/scripts/centrifugo/cost.sh CENTRIFUGO_BIN SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS [options]
# options replace the default load "--users 1000 --rooms 100 --rate 3000 --duration 20s".
# One line per round is appended to OUT_DIR/runs.txt. JAVA, SERVER_OPTS as in ../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=servers.sh
. "$here/servers.sh"
centrifugo=$1 server_jar=$2 loadtest_jar=$3 out=$4 rounds=$5
shift 5
load=("$@")
[[ ${#load[@]} -gt 0 ]] || load=(--users 1000 --rooms 100 --rate 3000 --duration 20s)
tick=$(getconf CLK_TCK)
mkdir -p "$out"
cpu() { awk -v t="$tick" '{printf "%.2f %.2f", $14 / t, $15 / t}' "/proc/$1/stat"; }

for round in $(seq 1 "$rounds"); do
  start_pair "$out" "$round" "$server_jar" "$port" "$centrifugo"
  for run in warm measured; do
    dugout_before=$(cpu "$server_pid") centrifugo_before=$(cpu "$centrifugo_pid")
    "$java" -jar "$loadtest_jar" chat "${load[@]}" --ramp-up 10s --warm-up 5s \
      --url "http://localhost:$port" --hmac-secret "$secret" \
      --centrifugo "$centrifugo_ws" --out "$out/$run-$round" \
      >"$out/$run-$round.txt" 2>&1 || true
    dugout_after=$(cpu "$server_pid") centrifugo_after=$(cpu "$centrifugo_pid")
  done
  stop_pair
  python3 - "$out/measured-$round/result.json" "$round" $dugout_before $dugout_after \
    $centrifugo_before $centrifugo_after <<'PY' | tee -a "$out/runs.txt"
import json, sys
r = json.load(open(sys.argv[1])); f = r['floor']
du0, ds0, du1, ds1, cu0, cs0, cu1, cs1 = map(float, sys.argv[3:11])
d_sent, c_sent = r['counts']['sent'], f['counts']['sent']
d = (du1 - du0 + ds1 - ds0) / d_sent * 1e6
c = (cu1 - cu0 + cs1 - cs0) / c_sent * 1e6
print('round %s  us/send dugout %.0f (user %.0f sys %.0f)  centrifugo %.0f (user %.0f sys %.0f)'
      '  ratio %.2f | lost %d / %d | generator %.2f / %.2f cores' % (
      sys.argv[2], d, (du1 - du0) / d_sent * 1e6, (ds1 - ds0) / d_sent * 1e6,
      c, (cu1 - cu0) / c_sent * 1e6, (cs1 - cs0) / c_sent * 1e6, d / c,
      r['counts']['lost'], f['counts']['lost'], r['generator']['cpuCores'],
      f['generator']['cpuCores']))
PY
done
