#!/usr/bin/env bash
# Dugout beside Centrifugo with each process pinned (server on CPU 0, load generator on CPU 1) and
# unpinned, alternating, ROUNDS of each. Usage:
#   drive.sh CENTRIFUGO_BIN SERVER_JAR LOADTEST_JAR OUT_DIR ROUNDS
# JAVA is the java binary (default: java on the PATH); pin-java.sh wraps it, and pin-centrifugo.sh
# wraps CENTRIFUGO_BIN (both read DUGOUT_PIN_JAVA / DUGOUT_PIN_CENTRIFUGO).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../../.." && pwd)
centrifugo=$1 jar=$2 loadtest=$3 out=$4 rounds=$5
java=${JAVA:-$(command -v java)}
. "$root/deploy/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "$java")"
opts="${DUGOUT_JVM_OPTIONS[*]} -Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600"
export SCENARIOS="warm open2k open5k" SERVER_OPTS="$opts" LOADTEST_OPTS="--ws-port 18600"
for r in $(seq 1 "$rounds"); do
  DUGOUT_PIN_JAVA=$java DUGOUT_PIN_CENTRIFUGO=$centrifugo JAVA="$here/pin-java.sh" \
    "$root/docs/benchmarks/centrifugo/run.sh" "$here/pin-centrifugo.sh" "$jar" "$loadtest" "$out/pinned-$r" 1
  JAVA=$java "$root/docs/benchmarks/centrifugo/run.sh" "$centrifugo" "$jar" "$loadtest" "$out/free-$r" 1
done
