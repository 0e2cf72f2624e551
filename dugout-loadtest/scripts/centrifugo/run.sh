#!/usr/bin/env bash
# Dugout beside Centrifugo on this box, in the same runs: per round a fresh Dugout server (fresh
# data directory) and a fresh Centrifugo process (memory engine, config.json beside this script),
# then each scenario below once with --centrifugo, so every result.json holds both servers' figures
# and the ratio Dugout ÷ Centrifugo. The first scenario of a round warms both servers up and is
# kept (warm-*) but not quoted. Each run first sends its load for WARM_UP (default 5s) unmeasured,
# against each server, so the generator (a fresh JVM per run) is warm when measuring starts; 0s
# measures from the first send. Usage:
#   dugout-loadtest/scripts/centrifugo/run.sh CENTRIFUGO_BIN SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS
# SCENARIOS (default "warm closed open2k open5k"; also "open10k", and "fanout": one room of 1000
# subscribers, 5 senders at 100 sends/s in all) picks runs by label. One line per run is appended
# to OUT_DIR/runs.txt. JAVA, SERVER_OPTS as in ../fresh-server.sh; LOADTEST_OPTS adds options to
# every run (e.g. "--ws-port 18600" with the Netty listener on in SERVER_OPTS).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=servers.sh
. "$here/servers.sh"
centrifugo=$1 server_jar=$2 loadtest_jar=$3 out=$4 rounds=$5
mkdir -p "$out"

scenarios=(
  "warm chat --users 1000 --rooms 100 --closed-loop --duration 30s"
  "closed chat --users 1000 --rooms 100 --closed-loop --duration 30s"
  "open2k chat --users 1000 --rooms 100 --rate 2000 --duration 30s"
  "open5k chat --users 1000 --rooms 100 --rate 5000 --duration 30s"
  "open10k chat --users 1000 --rooms 100 --rate 10000 --duration 30s"
  "fanout fanout --users 1000 --senders 5 --rate 100 --duration 30s"
)

for round in $(seq 1 "$rounds"); do
  start_pair "$out" "$round" "$server_jar" "$port" "$centrifugo"
  for scenario in "${scenarios[@]}"; do
    read -r label args <<<"$scenario"
    [[ " ${SCENARIOS:-warm closed open2k open5k} " == *" $label "* ]] || continue
    run="$label-$round"
    # shellcheck disable=SC2086
    "$java" -jar "$loadtest_jar" $args --ramp-up 10s \
      --warm-up "${WARM_UP:-5s}" \
      --url "http://localhost:$port" --hmac-secret "$secret" \
      --centrifugo "$centrifugo_ws" --out "$out/$run" ${LOADTEST_OPTS:-} \
      >"$out/$run.txt" 2>&1 || true
    python3 - "$out/$run/result.json" "$run" <<'PY' | tee -a "$out/runs.txt"
import json, sys
r = json.load(open(sys.argv[1])); c = r['counts']; f = r['floor']; lat = r['latency']
d, p = lat['delivery'], lat['delivery-floor']
print('%-9s sent/s dugout %7.0f centrifugo %7.0f ratio %.3f | delivery p50 %6.1f / %6.1f ms'
      ' p99 %7.1f / %7.1f ms | lost %d / %d errors %d / %d | generator %.2f / %.2f cores' % (
      sys.argv[2], f['ratios']['sent']['dugoutPerSecond'], f['ratios']['sent']['floorPerSecond'],
      f['ratios']['sent']['ratio'], d['p50Ms'], p['p50Ms'], d['p99Ms'], p['p99Ms'], c['lost'],
      f['counts']['lost'], c['errors'], f['counts']['errors'], r['generator']['cpuCores'],
      f['generator']['cpuCores']))
PY
  done
  stop_pair
done
