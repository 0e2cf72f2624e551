#!/usr/bin/env bash
# History and enter through the lean door (on) and through the full chain (off), alternating, each
# run on a fresh server with a fresh data directory. Usage:
#   docs/benchmarks/reads/ab.sh SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS [history options...]
set -euo pipefail
server_jar=$1 loadtest_jar=$2 out=$3 rounds=$4
shift 4
java=${JAVA:-java}
port=${PORT:-18590}
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for lean in true false; do
    name="lean-$lean-$round"
    data=$(mktemp -d)
    "$java" -jar "$server_jar" --server.port="$port" --dugout.data-dir="$data" \
      --dugout.auth.try-it-out-service-tokens=true --dugout.http.lean-reads="$lean" \
      >"$out/$name.server.log" 2>&1 &
    pid=$!
    until curl -fs "http://localhost:$port/actuator/health" >/dev/null 2>&1; do sleep 0.5; done
    echo "$name load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/runs.txt"
    "$java" -jar "$loadtest_jar" history --url "http://localhost:$port" --out "$out/$name" "$@" \
      >"$out/$name.txt" 2>&1 || true
    cpu=$(ps -o times= -p "$pid")
    echo "$name server cpu-seconds $cpu" | tee -a "$out/runs.txt"
    kill "$pid"
    wait "$pid" || true
    rm -rf "$data"
    grep -E "^\s*(history|enter) " "$out/$name.txt" | tee -a "$out/runs.txt" || true
  done
done
