#!/usr/bin/env bash
# Where a SEND's RocksDB work goes: Dugout alone, a jar built with perf-probe.diff beside this
# script and run with -Dprobe.perf=true (RocksDB's perf context on every thread that reads or
# writes, summed per 20,000 writes into PERF lines of the server's log), through a closed-loop
# warm-up and then 2,000 sends/s, 1000 users in 100 rooms, one fresh server per round. Usage:
#   perf.sh PROBE_JAR LOADTEST_JAR OUT_DIR ROUNDS
# JAVA picks the java binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../fresh-server.sh
. "$here/../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 rounds=$4
java=${JAVA:-java}
secret=bench-secret-bench-secret-bench-secret-0123
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} -Dprobe.perf=true" \
    start_server "$jar" 18598 "$out/server-$r.log" --dugout.auth.jwt.hmac-secret=$secret
  for scenario in "warm --closed-loop" "open2k --rate 2000"; do
    read -r label args <<<"$scenario"
    date -u +"%s%3N start $label" >>"$out/times-$r.txt"
    # shellcheck disable=SC2086
    "$java" -jar "$loadtest" chat --users 1000 --rooms 100 $args --duration 30s \
      --ramp-up 10s --warm-up 5s --generator-warm-up 20s --url http://localhost:18598 \
      --hmac-secret $secret --out "$out/$label-$r" >"$out/$label-$r.txt" 2>&1 || true
    date -u +"%s%3N end $label" >>"$out/times-$r.txt"
  done
  stop_server
done
