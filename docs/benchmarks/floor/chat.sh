#!/usr/bin/env bash
# Chat against Dugout and, in the same run, against the load tester's floor broker; each run on a
# fresh server with a fresh data directory. Usage:
#   docs/benchmarks/floor/chat.sh SERVER_JAR LOADTEST_JAR OUT_DIR RUNS [chat options...]
# SERVER_OPTS: JVM options for the server instead of ./dugout run's (e.g. -Dx=1; see ../fresh-server.sh).
set -euo pipefail
# shellcheck source=../fresh-server.sh
. "$(dirname "$0")/../fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3 runs=$4
shift 4
java=${JAVA:-java}
port=${PORT:-18595}
mkdir -p "$out"
for run in $(seq 1 "$runs"); do
  name="chat-$run"
  start_server "$server_jar" "$port" "$out/$name.server.log"
  echo "$name load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/runs.txt"
  "$java" -jar "$loadtest_jar" chat --url "http://localhost:$port" --floor --out "$out/$name" "$@" \
    >"$out/$name.txt" 2>&1 || true
  stop_server
  grep -E "^\s*(echo|delivery|echo-floor|delivery-floor) |Dugout / floor" "$out/$name.txt" \
    | tee -a "$out/runs.txt" || true
done
