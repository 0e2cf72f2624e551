#!/usr/bin/env bash
# Why a server closed sessions during closed-loop chat on the Netty listener with fsync on: one
# fresh server, an unmeasured 20 s closed-loop run, then a 35 s one measured after a 5 s warm-up,
# then the server's dugout_realtime_disconnects_total by reason (read with a service token from
# the try-it-out endpoint). Usage, from the repository root:
#   docs/benchmarks/cost/marker-in-batch/disconnects.sh JAR LOADTEST_JAR OUT_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../../fresh-server.sh
. "$here/fresh-server.sh"
jar=$1 loadtest=$2 out=$3
java=${JAVA:-java}
mkdir -p "$out"
SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} -Ddugout.realtime.netty.enabled=true \
-Ddugout.realtime.netty.port=18600 -Ddugout.store.fsync=true" \
  start_server "$jar" 18597 "$out/server.log"
for run in warm run; do
  extra=(--duration 20s)
  [ "$run" = warm ] || extra=(--duration 35s --warm-up 5s)
  "$java" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop "${extra[@]}" --ramp-up 10s \
    --ws-port 18600 --url http://localhost:18597 --out "$out/$run" >"$out/$run.txt" 2>&1 || true
done
server_metrics 18597 | { grep dugout_realtime_disconnects_total || true; } >"$out/disconnects.txt""
stop_server
cat "$out/disconnects.txt"
