#!/usr/bin/env bash
# Dugout beside Centrifugo with the message store's write on and skipped (-Dprobe.nowrite=true,
# honoured only by a jar built with probe.diff beside this script), alternating, ROUNDS of each;
# the servers run with the options of ./dugout run. Usage:
#   drive.sh CENTRIFUGO_BIN PROBE_JAR LOADTEST_JAR OUT_DIR ROUNDS
# JAVA is the java binary (default: java on the PATH).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
centrifugo=$1 jar=$2 loadtest=$3 out=$4 rounds=$5
export JAVA=${JAVA:-$(command -v java)}
export SCENARIOS="warm open2k" LOADTEST_OPTS="--generator-warm-up 20s"
# shellcheck source=../../../../deploy/jvm-options.sh
. "$root/deploy/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "$JAVA")"
for r in $(seq 1 "$rounds"); do
  "$root/docs/benchmarks/centrifugo/run.sh" "$centrifugo" "$jar" "$loadtest" "$out/store-$r" 1
  SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} -Dprobe.nowrite=true" \
    "$root/docs/benchmarks/centrifugo/run.sh" "$centrifugo" "$jar" "$loadtest" "$out/nowrite-$r" 1
done
