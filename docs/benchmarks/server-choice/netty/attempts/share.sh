#!/usr/bin/env bash
# How many message SENDs the listener handled on its event loop and how many it handed off, per
# load: a fresh server with the listener on, then each load in turn, with
# dugout_realtime_netty_attempts_total read from /actuator/prometheus before and after each.
#   docs/benchmarks/server-choice/netty/attempts/share.sh JAR LOADTEST_JAR OUT_DIR
# JAVA and SERVER_OPTS as in ../../../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../fresh-server.sh
. "$here/../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3
java=${JAVA:-java}
mkdir -p "$out"
attempts() {
  server_metrics 18597 |
    awk '/^dugout_realtime_netty_attempts_total/ { split($1, a, "\""); printf "%s=%d ", a[2], $2 }'
}
SERVER_OPTS="${SERVER_OPTS:-${DUGOUT_JVM_OPTIONS[*]}} -Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600" \
  start_server "$jar" 18597 "$out/server.log"
for load in "closed --closed-loop" "rate2000 --rate 2000" "rate5000 --rate 5000"; do
  label=${load%% *} options=${load#* }
  before=$(attempts)
  # shellcheck disable=SC2086
  "$java" -jar "$loadtest" chat --users 1000 --rooms 100 $options --duration 20s --ramp-up 10s \
    --url http://localhost:18597 --ws-port 18600 --out "$out/$label" >"$out/$label.txt" 2>&1 || true
  echo "$label before: $before after: $(attempts)" | tee -a "$out/runs.txt"
done
stop_server
