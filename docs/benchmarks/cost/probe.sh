#!/usr/bin/env bash
# A probe against the jar before it: chat at each of RATES sends/s, ROUNDS rounds, alternating the
# jar before (A, labelled a) with the probe's jar (B, labelled LABEL) started with the probe's extra
# JVM option; each run a fresh server (cost.sh), one line per run in OUT_DIR/r<rate>/runs.txt. Usage:
#   probe.sh A_JAR B_JAR LOADTEST_JAR OUT_DIR LABEL "B_JVM_OPTION"
# e.g. RATES="5000 2000" probe.sh a.jar b.jar dugout-loadtest.jar out b1000 \
#        -Ddugout.probe.write-delay-micros=1000
set -euo pipefail
a=$1 b=$2 loadtest=$3 out=$4 label=$5 option=$6
here=$(dirname "$0")
# shellcheck source=../../../deploy/jvm-options.sh
. "$here/../../../deploy/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "${JAVA:-java}")"
base="${DUGOUT_JVM_OPTIONS[*]}"
for rate in ${RATES:-3000}; do
  for round in ${ROUNDS:-1 2 3}; do
    for variant in a "$label"; do
      jar=$a opts=$base
      [ "$variant" = a ] || { jar=$b; opts="$base $option"; }
      SERVER_OPTS=$opts "$here/cost.sh" "$jar" "$loadtest" "$out/r$rate" "$variant-$rate-$round" \
        chat --users 1000 --rooms 100 --rate "$rate" --duration 20s --ramp-up 10s
    done
  done
done
