#!/usr/bin/env bash
# What the Netty listener's SerialRunner costs: the jar with probe.diff applied, its listener's
# frames handed to a virtual thread per connection as usual, against the same jar started with
# -Ddugout.probe.inline=true, which handles every frame on its event loop instead. Alternating, a
# fresh server per run, the load tester's WebSockets on the listener. Usage, from the repository root:
#   docs/benchmarks/server-choice/netty/serial-runner/run.sh PROBE_JAR LOADTEST_JAR OUT_DIR closed|RATE [ROUNDS]
# closed: ../closed-run.sh's closed-loop run; RATE: ../../../cost/cost.sh at that many sends/s.
set -euo pipefail
jar=$1
LABELS="runner inline" B_OPTS=-Ddugout.probe.inline=true \
  "$(dirname "$0")/../../../cost/listener-ab.sh" "$jar" "$jar" "${@:2}"
