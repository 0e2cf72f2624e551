#!/usr/bin/env bash
# Dugout beside Centrifugo with the load generator scheduled as usual and under SCHED_BATCH,
# alternating, ROUNDS of each; the servers run with the options of ./dugout run. Usage:
#   drive.sh CENTRIFUGO_BIN SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS
# JAVA is the java binary (default: java on the PATH); batch-java.sh wraps it (DUGOUT_BATCH_JAVA).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
centrifugo=$1 jar=$2 loadtest=$3 out=$4 rounds=$5
java=${JAVA:-$(command -v java)}
export SCENARIOS="warm open2k open5k" LOADTEST_OPTS="--generator-warm-up 20s"
for r in $(seq 1 "$rounds"); do
  JAVA=$java "$root/docs/benchmarks/centrifugo/run.sh" "$centrifugo" "$jar" "$loadtest" "$out/norm-$r" 1
  DUGOUT_BATCH_JAVA=$java JAVA="$here/batch-java.sh" \
    "$root/docs/benchmarks/centrifugo/run.sh" "$centrifugo" "$jar" "$loadtest" "$out/batch-$r" 1
done
