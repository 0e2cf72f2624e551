#!/usr/bin/env bash
# Dugout alone through run.sh's sequence (closed-loop warm-up, then 2,000, 5,000 and 10,000 sends/s
# on one fresh server), with the collector's log, the server scraped on every run (--scrape), its
# RocksDB LOG copied every 5 s, and JFR (profile settings) in the server and in the 10,000 sends/s
# generator; times-R.txt has when each run started and when its measured window was first seen.
#   alone.sh SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS
# JAVA picks the java binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 rounds=$4
java=${JAVA:-java}
secret=bench-secret-bench-secret-bench-secret-0123
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} -Xlog:gc*=info:file=$out/gc-$r.log:utctime,uptime \
-XX:StartFlightRecording=settings=profile,filename=$out/server-$r.jfr" \
    start_server "$jar" 18598 "$out/server-$r.log" --dugout.auth.jwt.hmac-secret=$secret
  (while kill -0 "$server_pid" 2>/dev/null; do
    cp "$server_data/rocksdb/LOG" "$out/rocksdb-$r.LOG" 2>/dev/null || true
    sleep 5
  done) &
  for scenario in "warm --closed-loop" "open2k --rate 2000" "open5k --rate 5000" "open10k --rate 10000"; do
    read -r label args <<<"$scenario"
    jfr=()
    [ "$label" = open10k ] && jfr=(-XX:StartFlightRecording=settings=profile,filename="$out/lt-$r.jfr")
    date -u +"%FT%T.%N start $label" >>"$out/times-$r.txt"
    # shellcheck disable=SC2086
    "$java" "${jfr[@]}" -jar "$loadtest" chat --users 1000 --rooms 100 $args --duration 30s \
      --ramp-up 10s --warm-up 5s --generator-warm-up 20s --url http://localhost:18598 \
      --hmac-secret $secret --scrape http://localhost:18598/actuator/prometheus \
      --out "$out/$label-$r" >"$out/$label-$r.txt" 2>&1 &
    run=$!
    until grep -q "chat/run " "$out/$label-$r.txt" 2>/dev/null; do sleep 0.1; done
    date -u +"%FT%T.%N run seen $label" >>"$out/times-$r.txt"
    wait "$run" || true
  done
  stop_server
done
