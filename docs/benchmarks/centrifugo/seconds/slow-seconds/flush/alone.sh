#!/usr/bin/env bash
# Dugout alone at 10,000 sends/s right after a closed loop, as in the pairs of ../write-10k/, server
# jars or JVM option sets alternating, a fresh server per run: 30 s closed loop, then 30 s at
# 10,000 sends/s (1000 users in 100 rooms, --generator-warm-up 20s). Each server logs its GC pauses
# and safepoints with wall-clock times (gc.log), each console line of the load tester is stamped
# with epoch ms, and RocksDB's LOG is kept (rocksdb.LOG), so that flushes.py can place every pause
# and every memtable flush in the measured run's per-second series. With SAMPLE=1, sampler.py reads
# each server thread's state and CPU time from /proc 20 times a second during the second run
# (threads.jsonl; threads.py prints it), which costs CPU of its own. Usage:
#   alone.sh LOADTEST_JAR OUT_DIR ROUNDS LABEL=SERVER_JAR[:OPTIONS]...
# OPTIONS are JVM options added after those of ./dugout run. JAVA as in ../../../../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../../fresh-server.sh
. "$here/../../../../fresh-server.sh"
loadtest=$1 out=$2 rounds=$3
shift 3
java=${JAVA:-java}
secret=bench-secret-bench-secret-bench-secret-0123
mkdir -p "$out"

stamped() {
  while IFS= read -r line; do
    printf '%s %s\n' "$(date +%s%3N)" "$line"
  done
}

for round in $(seq 1 "$rounds"); do
  for variant in "$@"; do
    label=${variant%%=*} rest=${variant#*=}
    jar=${rest%%:*} options=""
    [[ $rest == *:* ]] && options=${rest#*:}
    run="$out/$label-$round"
    mkdir -p "$run"
    SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} -Xlog:gc*=info,safepoint=info:file=$run/gc.log:uptime,timemillis $options" \
      start_server "$jar" 18598 "$run/server.log" --dugout.auth.jwt.hmac-secret=$secret
    for scenario in "warm --closed-loop" "open10k --rate 10000"; do
      read -r name args <<<"$scenario"
      if [ -n "${SAMPLE:-}" ] && [ "$name" = open10k ]; then
        python3 "$here/sampler.py" "$server_pid" "$run/threads.jsonl" 90 &
      fi
      # shellcheck disable=SC2086
      "$java" -jar "$loadtest" chat --users 1000 --rooms 100 $args --duration 30s --ramp-up 10s \
        --warm-up 5s --generator-warm-up 20s --url http://localhost:18598 --hmac-secret $secret \
        --out "$run/$name" 2>&1 | stamped >"$run/$name.txt" || true
    done
    cp "$server_data/rocksdb/LOG" "$run/rocksdb.LOG"
    stop_server
    python3 "$here/flushes.py" "$run" >"$run/seconds.txt"
    head -n 1 "$run/seconds.txt" | tee -a "$out/runs.txt"
  done
done
