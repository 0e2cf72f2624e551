#!/usr/bin/env bash
# The seeds' send flow on Tomcat's /ws and on the Netty listener, alternating, three rounds, a
# fresh server each: cost.sh's first run is the fresh JVM's, its second the warm one. Usage, from
# the repository root, JAVA_HOME a JDK 25:
#   docs/benchmarks/warm/listener-send/run.sh SERVER_JAR LOADTEST_JAR OUT_DIR
set -u
. deploy/jvm-options.sh
dugout_jvm_options "$(dugout_java_major "${JAVA:-java}")"
base="${DUGOUT_JVM_OPTIONS[*]}"
jar=$1 lt=$2 out=$3
for r in 1 2 3; do
  SERVER_OPTS="$base" docs/benchmarks/cost/cost.sh "$jar" "$lt" "$out" "tomcat-$r" send
  SERVER_OPTS="$base -Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600" \
    docs/benchmarks/cost/cost.sh "$jar" "$lt" "$out" "netty-$r" send --ws-port 18600
done
