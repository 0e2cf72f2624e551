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
mkdir -p "$out"

# shellcheck source=../alone-runs.sh
. "$here/../alone-runs.sh"

for round in $(seq 1 "$rounds"); do
  for variant in "$@"; do
    label=${variant%%=*} rest=${variant#*=}
    jar=${rest%%:*} options=""
    [[ $rest == *:* ]] && options=${rest#*:}
    run="$out/$label-$round"
    start_alone "$jar" "$run" "gc*=info,safepoint=info" "$options"
    for scenario in "warm --closed-loop" "open10k --rate 10000"; do
      read -r name args <<<"$scenario"
      if [ -n "${SAMPLE:-}" ] && [ "$name" = open10k ]; then
        python3 "$here/sampler.py" "$server_pid" "$run/threads.jsonl" 90 &
      fi
      # shellcheck disable=SC2086
      chat_run "$run" "$name" $args
    done
    cp "$server_data/rocksdb/LOG" "$run/rocksdb.LOG"
    stop_server
    python3 "$here/flushes.py" "$run" >"$run/seconds.txt"
    head -n 1 "$run/seconds.txt" | tee -a "$out/runs.txt"
  done
done
