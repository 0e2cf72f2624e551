#!/usr/bin/env bash
# What the Netty listener's SerialRunner costs: the jar with probe.diff applied, its listener's
# frames handed to a virtual thread per connection as usual, against the same jar started with
# -Ddugout.probe.inline=true, which handles every frame on its event loop instead. Alternating, a
# fresh server per run, the load tester's WebSockets on the listener. Usage, from the repository root:
#   docs/benchmarks/server-choice/netty/serial-runner/run.sh PROBE_JAR LOADTEST_JAR OUT_DIR closed|RATE [ROUNDS]
# closed: ../closed-run.sh's closed-loop run; RATE: ../../../cost/cost.sh at that many sends/s.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=../../../fresh-server.sh
. "$here/../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 what=$4 rounds=${5:-3}
netty="${DUGOUT_JVM_OPTIONS[*]} -Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600"
java=${JAVA:-java}
mkdir -p "$out"
# shellcheck source=../closed-run.sh
. "$here/closed-run.sh"
for round in $(seq 1 "$rounds"); do
  for mode in runner inline; do
    opts="$netty"
    [ "$mode" = runner ] || opts="$netty -Ddugout.probe.inline=true"
    if [ "$what" = closed ]; then
      SERVER_OPTS="$opts" closed_run "$mode-$round" "$java" --ws-port 18600
    else
      SERVER_OPTS="$opts" "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" "$mode-$what-$round" \
        chat --users 1000 --rooms 100 --rate "$what" --duration 20s --ramp-up 10s --ws-port 18600
    fi
  done
done
