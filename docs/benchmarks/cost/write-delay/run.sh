#!/usr/bin/env bash
# The write-delay probe: the jar before (A) against the jar with probe.diff applied (B), started
# with a 1 ms delay before each session's writer drains its queue; chat at 5,000 and 2,000 sends/s,
# three rounds alternating, each run a fresh server (../cost.sh). Usage:
#   run.sh A_JAR B_JAR LOADTEST_JAR OUT_DIR
# RATES and ROUNDS change the sets; rounds 4-6 at 5,000 sends/s were RATES=5000 ROUNDS="4 5 6".
set -euo pipefail
a=$1 b=$2 loadtest=$3 out=$4
here=$(dirname "$0")
# shellcheck source=../../../../deploy/jvm-options.sh
. "$here/../../../../deploy/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "${JAVA:-java}")"
base="${DUGOUT_JVM_OPTIONS[*]}"
for rate in ${RATES:-5000 2000}; do
  for round in ${ROUNDS:-1 2 3}; do
    for variant in a b1000; do
      jar=$a opts=$base
      [ "$variant" = a ] || { jar=$b; opts="$base -Ddugout.probe.write-delay-micros=1000"; }
      SERVER_OPTS=$opts "$here/../cost.sh" "$jar" "$loadtest" "$out/r$rate" "$variant-$rate-$round" \
        chat --users 1000 --rooms 100 --rate "$rate" --duration 20s --ramp-up 10s
    done
  done
done
