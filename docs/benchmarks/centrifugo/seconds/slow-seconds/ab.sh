#!/usr/bin/env bash
# Dugout alone, JVM option sets alternating, a fresh server per run: 30 s closed loop (1000 users
# in 100 rooms), then 2,000 sends/s for 30 s, both with --generator-warm-up 20s as in the rounds
# beside Centrifugo. Each server logs its GC pauses with wall-clock times (gc.log) and each console
# line of the load tester is stamped with epoch ms, so that row.py can place every young pause in
# the measured run's per-second series; the server's RSS at the end is in rss-kb.txt. One line per
# run in OUT_DIR/runs.txt. Usage:
#   ab.sh SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS LABEL[=JAR]:OPTIONS...
# OPTIONS are JVM options added after those of ./dugout run (a later option wins); a variant
# given as LABEL=JAR runs that server jar instead of SERVER_JAR. JAVA as in ../../../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../fresh-server.sh
. "$here/../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 rounds=$4
shift 4
mkdir -p "$out"

# shellcheck source=alone-runs.sh
. "$here/alone-runs.sh"

for round in $(seq 1 "$rounds"); do
  for variant in "$@"; do
    label=${variant%%:*} options=${variant#*:} variant_jar=$jar
    if [[ $label == *=* ]]; then
      variant_jar=${label#*=} label=${label%%=*}
    fi
    run="$out/$label-$round"
    start_alone "$variant_jar" "$run" gc "$options"
    for scenario in "warm --closed-loop" "open2k --rate 2000"; do
      read -r name args <<<"$scenario"
      # shellcheck disable=SC2086
      chat_run "$run" "$name" $args
    done
    ps -o rss= -p "$server_pid" >"$run/rss-kb.txt"
    stop_server
    python3 "$here/row.py" "$run" "$label-$round" | tee -a "$out/runs.txt"
  done
done
