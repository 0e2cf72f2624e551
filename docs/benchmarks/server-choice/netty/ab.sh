#!/usr/bin/env bash
# Tomcat against the Netty probe (probe.diff beside this script), one jar with the probe applied,
# alternating, a fresh server per run. The probe serves the same STOMP endpoint on Netty at port
# 18600 when started with -Ddugout.probe.netty-port=18600, and the probe's load tester connects its
# WebSockets there when started with -Dprobe.ws-port=18600 (REST stays on Tomcat). Usage:
#   ab.sh PROBE_JAR PROBE_LOADTEST_JAR OUT_DIR closed|RATE [ROUNDS]
# closed: one unmeasured 20 s closed-loop run, then 30 s measured after a 5 s --warm-up; one line
# per run in OUT_DIR/runs.txt. RATE: ../../cost/cost.sh at that many sends/s (its runs.txt).
# NETTY_OPTS adds JVM options to the Netty runs' server (e.g. -Ddugout.probe.netty-threads=8).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../fresh-server.sh
. "$here/../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 what=$4 rounds=${5:-3}
base="${DUGOUT_JVM_OPTIONS[*]}"
java=${JAVA:-java}
wrapper="$out/java-ws-18600"
mkdir -p "$out"
printf '#!/bin/sh\nexec %s -Dprobe.ws-port=18600 "$@"\n' "$(command -v "$java")" >"$wrapper"
chmod +x "$wrapper"
# shellcheck source=closed-run.sh
. "$here/closed-run.sh"
for round in $(seq 1 "$rounds"); do
  if [ "$what" = closed ]; then
    SERVER_OPTS="$base" closed_run "tomcat-$round" "$java"
    SERVER_OPTS="$base -Ddugout.probe.netty-port=18600 ${NETTY_OPTS:-}" \
      closed_run "netty-$round" "$wrapper"
  else
    SERVER_OPTS="$base" "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" "tomcat-$what-$round" \
      chat --users 1000 --rooms 100 --rate "$what" --duration 20s --ramp-up 10s
    SERVER_OPTS="$base -Ddugout.probe.netty-port=18600 ${NETTY_OPTS:-}" JAVA="$wrapper" \
      "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" "netty-$what-$round" \
      chat --users 1000 --rooms 100 --rate "$what" --duration 20s --ramp-up 10s
  fi
done
