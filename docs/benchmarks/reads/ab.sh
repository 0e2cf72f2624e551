#!/usr/bin/env bash
# History and enter through the lean door (on) and through the full chain (off), alternating, each
# run on a fresh server with a fresh data directory. Usage:
#   docs/benchmarks/reads/ab.sh SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS [history options...]
set -euo pipefail
# shellcheck source=../fresh-server.sh
. "$(dirname "$0")/../fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3 rounds=$4
shift 4
java=${JAVA:-java}
port=${PORT:-18590}
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for lean in true false; do
    name="lean-$lean-$round"
    start_server "$server_jar" "$port" "$out/$name.server.log" --dugout.http.lean-reads="$lean"
    echo "$name load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/runs.txt"
    "$java" -jar "$loadtest_jar" history --url "http://localhost:$port" --out "$out/$name" "$@" \
      >"$out/$name.txt" 2>&1 || true
    echo "$name server cpu-seconds $(ps -o times= -p "$server_pid")" | tee -a "$out/runs.txt"
    stop_server
    grep -E "^\s*(history|enter) " "$out/$name.txt" | tee -a "$out/runs.txt" || true
  done
done
