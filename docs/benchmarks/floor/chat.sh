#!/usr/bin/env bash
# Chat against Dugout and, in the same run, against the load tester's floor broker; each run on a
# fresh server with a fresh data directory. Usage:
#   docs/benchmarks/floor/chat.sh SERVER_JAR LOADTEST_JAR OUT_DIR RUNS [chat options...]
# SERVER_OPTS: JVM options for the server (e.g. -Ddugout.realtime.connection-buffer-bytes=2048).
set -euo pipefail
server_jar=$1 loadtest_jar=$2 out=$3 runs=$4
shift 4
java=${JAVA:-java}
port=${PORT:-18595}
mkdir -p "$out"
for run in $(seq 1 "$runs"); do
  name="chat-$run"
  data=$(mktemp -d)
  # shellcheck disable=SC2086
  "$java" ${SERVER_OPTS:-} -jar "$server_jar" --server.port="$port" --dugout.data-dir="$data" \
    --dugout.auth.try-it-out-service-tokens=true >"$out/$name.server.log" 2>&1 &
  pid=$!
  until curl -fs "http://localhost:$port/actuator/health" >/dev/null 2>&1; do sleep 0.5; done
  echo "$name load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/runs.txt"
  "$java" -jar "$loadtest_jar" chat --url "http://localhost:$port" --floor --out "$out/$name" "$@" \
    >"$out/$name.txt" 2>&1 || true
  kill "$pid"
  wait "$pid" || true
  rm -rf "$data"
  grep -E "^\s*(echo|delivery|echo-floor|delivery-floor) |Dugout / floor" "$out/$name.txt" \
    | tee -a "$out/runs.txt" || true
done
