#!/usr/bin/env bash
# The history scenario on two server jars, alternating, each run on a fresh server with a fresh
# data directory. Usage:
#   docs/benchmarks/reads/jars.sh JAR_A JAR_B LOADTEST_JAR OUT_DIR ROUNDS [history options...]
set -euo pipefail
# shellcheck source=../fresh-server.sh
. "$(dirname "$0")/../fresh-server.sh"
jar_a=$1 jar_b=$2 loadtest_jar=$3 out=$4 rounds=$5
shift 5
java=${JAVA:-java}
port=${PORT:-18592}
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for variant in a b; do
    name="$variant-$round"
    jar=$jar_a
    [ "$variant" = b ] && jar=$jar_b
    start_server "$jar" "$port" "$out/$name.server.log"
    echo "$name $(basename "$jar") load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/runs.txt"
    "$java" -jar "$loadtest_jar" history --url "http://localhost:$port" --out "$out/$name" "$@" \
      >"$out/$name.txt" 2>&1 || true
    echo "$name server cpu-seconds $(ps -o times= -p "$server_pid")" | tee -a "$out/runs.txt"
    stop_server
    grep -E "^\s*(history|enter) |Dugout / floor" "$out/$name.txt" | tee -a "$out/runs.txt" || true
  done
done
