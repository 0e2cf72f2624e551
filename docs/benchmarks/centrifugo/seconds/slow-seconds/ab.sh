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
    label=${variant%%:*} options=${variant#*:} variant_jar=$jar
    if [[ $label == *=* ]]; then
      variant_jar=${label#*=} label=${label%%=*}
    fi
    run="$out/$label-$round"
    mkdir -p "$run"
    SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} -Xlog:gc:file=$run/gc.log:uptime,timemillis $options" \
      start_server "$variant_jar" 18598 "$run/server.log" --dugout.auth.jwt.hmac-secret=$secret
    for scenario in "warm --closed-loop" "open2k --rate 2000"; do
      read -r name args <<<"$scenario"
      # shellcheck disable=SC2086
      "$java" -jar "$loadtest" chat --users 1000 --rooms 100 $args --duration 30s --ramp-up 10s \
        --warm-up 5s --generator-warm-up 20s --url http://localhost:18598 --hmac-secret $secret \
        --out "$run/$name" 2>&1 | stamped >"$run/$name.txt" || true
    done
    ps -o rss= -p "$server_pid" >"$run/rss-kb.txt"
    stop_server
    python3 "$here/row.py" "$run" "$label-$round" | tee -a "$out/runs.txt"
  done
done
