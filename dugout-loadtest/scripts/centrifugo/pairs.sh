#!/usr/bin/env bash
# Pairs beside Centrifugo, server jars or JVM option sets alternating: in each round one pair per
# variant, each pair run.sh's scenarios in SCENARIOS (default "warm open2k": closed loop,
# then 2,000 sends/s) with --generator-warm-up 20s, Dugout and Centrifugo each on a fresh server.
# Usage:
#   pairs.sh CENTRIFUGO LOADTEST_JAR OUT_DIR ROUNDS LABEL=SERVER_JAR[:OPTIONS]...
# OPTIONS are JVM options added after those of ./dugout run (a later option wins). Each pair's
# results are in OUT_DIR/LABEL-ROUND; python3 seconds.py OUT_DIR prints them side by side.
# JAVA as in ../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../deploy/jvm-options.sh
. "$here/../../../deploy/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "${JAVA:-java}")"
centrifugo=$1 loadtest=$2 out=$3 rounds=$4
shift 4
mkdir -p "$out"

for round in $(seq 1 "$rounds"); do
  for variant in "$@"; do
    label=${variant%%=*} rest=${variant#*=}
    jar=${rest%%:*} options=""
    [[ $rest == *:* ]] && options=${rest#*:}
    echo "$(date +%T) $label-$round: $jar ${options:+with $options}"
    SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} $options" SCENARIOS="${SCENARIOS:-warm open2k}" \
      LOADTEST_OPTS="--generator-warm-up 20s" \
      "$here/run.sh" "$centrifugo" "$jar" "$loadtest" "$out/$label-$round" 1 \
      >"$out/$label-$round.log" 2>&1
    tail -n 1 "$out/$label-$round/runs.txt"
  done
done
