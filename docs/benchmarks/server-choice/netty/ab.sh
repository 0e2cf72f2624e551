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
cpu() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }
closed() { # label, the java to run the load tester with
  local label=$1 lt=$2 before after
  start_server "$jar" 18597 "$out/$label.server.log"
  "$lt" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 20s \
    --ramp-up 10s --url http://localhost:18597 --out "$out/$label-warm" \
    >"$out/$label-warm.txt" 2>&1 || true
  before=$(cpu)
  "$lt" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 30s \
    --ramp-up 10s --warm-up 5s --url http://localhost:18597 --out "$out/$label" \
    >"$out/$label.txt" 2>&1 || true
  after=$(cpu)
  stop_server
  python3 "$here/closed-line.py" "$out/$label/result.json" "$label" "$before" "$after" \
    "$(getconf CLK_TCK)" | tee -a "$out/runs.txt"
}
for round in $(seq 1 "$rounds"); do
  if [ "$what" = closed ]; then
    SERVER_OPTS="$base" closed "tomcat-$round" "$java"
    SERVER_OPTS="$base -Ddugout.probe.netty-port=18600 ${NETTY_OPTS:-}" \
      closed "netty-$round" "$wrapper"
  else
    SERVER_OPTS="$base" "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" "tomcat-$what-$round" \
      chat --users 1000 --rooms 100 --rate "$what" --duration 20s --ramp-up 10s
    SERVER_OPTS="$base -Ddugout.probe.netty-port=18600 ${NETTY_OPTS:-}" JAVA="$wrapper" \
      "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" "netty-$what-$round" \
      chat --users 1000 --rooms 100 --rate "$what" --duration 20s --ramp-up 10s
  fi
done
