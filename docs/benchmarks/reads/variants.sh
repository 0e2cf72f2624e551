#!/usr/bin/env bash
# A warm history run on server variants, alternating, each on a fresh server with a fresh data
# directory: per variant a warm-up run (2,000 messages, 100 clients × 150 pages), then the measured
# run with its floor in the same run (100 clients × 300 pages), and the server's CPU ticks around
# the measured run. Usage:
#   docs/benchmarks/reads/variants.sh LOADTEST_JAR OUT_DIR ROUNDS NAME:JAR:JVM_OPTS:SERVER_ARGS...
# e.g. variants.sh dugout-loadtest.jar out 3 "a:old.jar::" "b:new.jar::--dugout.x=1"
# JVM_OPTS and SERVER_ARGS may be empty; each is one word. Empty JVM_OPTS runs the server with
# ./dugout run's options (../fresh-server.sh). One line per run in OUT_DIR/runs.txt. MEASURED
# replaces the measured run's mix (default "--requests 300 --enter-requests 0"; e.g.
# "--requests 150 --enter-requests 150" to measure `enter` beside history), WARM the warm-up's
# (default "--requests 150 --enter-requests 0").
set -uo pipefail
# shellcheck source=../fresh-server.sh
. "$(dirname "$0")/../fresh-server.sh"
loadtest_jar=$1 out=$2 rounds=$3
shift 3
java=${JAVA:-java}
port=${PORT:-18602}
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for variant in "$@"; do
    IFS=: read -r name jar opts args <<<"$variant"
    run=$name-$round
    # shellcheck disable=SC2086
    if [ -n "$opts" ]; then
      SERVER_OPTS="$opts" start_server "$jar" "$port" "$out/$run.server.log" $args
    else
      start_server "$jar" "$port" "$out/$run.server.log" $args
    fi
    # shellcheck disable=SC2086
    "$java" -jar "$loadtest_jar" history --messages 2000 ${WARM:---requests 150 --enter-requests 0} \
      --url "http://localhost:$port" --out "$out/$run-warm" >"$out/$run-warm.txt" 2>&1 || true
    before=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
    # shellcheck disable=SC2086
    "$java" -jar "$loadtest_jar" history --messages 2000 ${MEASURED:---requests 300 --enter-requests 0} \
      --floor --url "http://localhost:$port" --out "$out/$run" >"$out/$run.txt" 2>&1 || true
    after=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
    stop_server
    echo "$run ticks $((after - before)) $(grep -E '^Dugout / floor' "$out/$run.txt")" |
      tee -a "$out/runs.txt"
  done
done
