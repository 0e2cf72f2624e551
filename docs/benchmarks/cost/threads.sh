#!/usr/bin/env bash
# Where the server's CPU goes, per thread group, over RUNS back-to-back runs of one scenario on one
# fresh server (threads.py beside this script reads /proc). Usage:
#   docs/benchmarks/cost/threads.sh SERVER_JAR LOADTEST_JAR OUT_DIR RUNS scenario [options...]
# e.g. threads.sh dugout-server.jar dugout-loadtest.jar out 6 chat --rate 3000 --duration 20s
# Writes OUT_DIR/run-N.txt per run. JAVA, SERVER_OPTS as in ../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../fresh-server.sh
. "$here/../fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3 runs=$4
shift 4
port=${PORT:-18601}
mkdir -p "$out"
start_server "$server_jar" "$port" "$out/server.log"
for run in $(seq 1 "$runs"); do
  python3 "$here/threads.py" snap "$server_pid" "$out/before-$run.json"
  "${JAVA:-java}" -jar "$loadtest_jar" "$@" --url "http://localhost:$port" --out "$out/run-$run" \
    >"$out/run-$run.log" 2>&1 || true
  python3 "$here/threads.py" snap "$server_pid" "$out/after-$run.json"
  python3 "$here/threads.py" diff "$out/before-$run.json" "$out/after-$run.json" \
    | tee "$out/run-$run.txt"
  rm "$out/before-$run.json" "$out/after-$run.json"
done
stop_server
