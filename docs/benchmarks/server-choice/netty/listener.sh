#!/usr/bin/env bash
# Tomcat's /ws against the Netty listener (dugout.realtime.netty.*) of the same jar, alternating, a
# fresh server per run. The Netty runs start the server with the listener at port 18600 and point
# the load tester's WebSockets there with --ws-port 18600 (REST stays on Tomcat). Usage:
#   listener.sh JAR LOADTEST_JAR OUT_DIR closed|RATE [ROUNDS]
# closed: one unmeasured 20 s closed-loop run, then 30 s measured after a 5 s --warm-up; one line
# per run in OUT_DIR/runs.txt. RATE: ../../cost/cost.sh at that many sends/s (its runs.txt).
# NETTY_OPTS adds JVM options to the Netty runs' server (e.g. -Ddugout.realtime.netty.threads=1);
# TRANSPORTS (default "tomcat netty") picks which runs each round makes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../fresh-server.sh
. "$here/../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 what=$4 rounds=${5:-3}
base="${DUGOUT_JVM_OPTIONS[*]}"
netty="-Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600 ${NETTY_OPTS:-}"
transports=${TRANSPORTS:-tomcat netty}
java=${JAVA:-java}
mkdir -p "$out"
# shellcheck source=closed-run.sh
. "$here/closed-run.sh"
for round in $(seq 1 "$rounds"); do
  if [ "$what" = closed ]; then
    [[ " $transports " != *" tomcat "* ]] || SERVER_OPTS="$base" closed_run "tomcat-$round" "$java"
    [[ " $transports " != *" netty "* ]] ||
      SERVER_OPTS="$base $netty" closed_run "netty-$round" "$java" --ws-port 18600
  else
    for transport in $transports; do
      opts="$base" extra=()
      if [ "$transport" = netty ]; then
        opts="$base $netty" extra=(--ws-port 18600)
      fi
      SERVER_OPTS="$opts" "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" \
        "$transport-$what-$round" chat --users 1000 --rooms 100 --rate "$what" --duration 20s \
        --ramp-up 10s "${extra[@]}"
    done
  fi
done
