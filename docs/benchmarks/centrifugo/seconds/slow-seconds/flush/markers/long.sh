#!/usr/bin/env bash
# Which memtables flush in a longer run: for each server jar, a fresh server, 30 s closed loop,
# then 10,000 sends/s for DURATION (default 150s), 1000 users in 100 rooms, then every flush in
# RocksDB's LOG (family, wall time, CPU time) and the run's delivery percentiles. Usage:
#   long.sh LOADTEST_JAR OUT_DIR LABEL=SERVER_JAR...
# JAVA as in ../../../../../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../../../fresh-server.sh
. "$here/../../../../../fresh-server.sh"
loadtest=$1 out=$2
shift 2
mkdir -p "$out"
secret=bench-secret-bench-secret-bench-secret-0123

for variant in "$@"; do
  label=${variant%%=*} jar=${variant#*=}
  run="$out/$label"
  mkdir -p "$run"
  start_server "$jar" 18598 "$run/server.log" --dugout.auth.jwt.hmac-secret=$secret
  for scenario in "warm 30s --closed-loop" "open10k ${DURATION:-150s} --rate 10000"; do
    read -r name duration args <<<"$scenario"
    # shellcheck disable=SC2086
    "${JAVA:-java}" -jar "$loadtest" chat --users 1000 --rooms 100 $args --duration "$duration" \
      --ramp-up 10s --warm-up 5s --generator-warm-up 20s --url http://localhost:18598 \
      --hmac-secret $secret --out "$run/$name" >"$run/$name.txt" 2>&1 || true
  done
  gzip -9c "$server_data/rocksdb/LOG" >"$run/rocksdb.LOG.gz"
  stop_server
  {
    echo "== $label"
    grep -E '^(delivery|attempts) ' "$run/open10k.txt"
    zcat "$run/rocksdb.LOG.gz" | sed -nE \
      's/.*\[([a-z_]+)\] \[JOB [0-9]+\] Flush lasted ([0-9]+) microseconds, and ([0-9]+) cpu.*/flush \1: \2 us, \3 us of CPU/p'
  } | tee -a "$out/flushes.txt"
done
