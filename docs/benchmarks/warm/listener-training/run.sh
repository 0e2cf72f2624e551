#!/usr/bin/env bash
# The AOT cache trained over Tomcat's /ws only (deploy/aot-train.sh) against one trained over both
# WebSocket transports (aot-train.sh with training.diff applied: the Netty listener enabled for the
# training, send flows and chat over each), each cache the first load of a fresh server, on each
# transport: compare.sh's send flow, three rounds alternating. Usage, from the repository root,
# JAVA_HOME a JDK 25, after ./mvnw -B -DskipTests package:
#   docs/benchmarks/warm/listener-training/run.sh BOTH_TRAIN_SCRIPT OUT_DIR
# BOTH_TRAIN_SCRIPT: a copy of deploy/aot-train.sh with training.diff applied, beside a copy of
# deploy/jvm-options.sh. ROUNDS_NOCACHE=1 instead runs the listener's first load on the plain jar
# against the cache trained over Tomcat's /ws only, three rounds alternating (same OUT_DIR, after
# the run above, whose caches it reuses).
set -u
both_train=$1 out=$2
jar=dugout-server/target/dugout-server.jar lt=dugout-loadtest/target/dugout-loadtest.jar
mkdir -p "$out"
[ -s "$out/aot-tomcat/dugout.aot" ] || bash deploy/aot-train.sh "$jar" "$lt" "$out/aot-tomcat"
[ -s "$out/aot-both/dugout.aot" ] || bash "$both_train" "$jar" "$lt" "$out/aot-both"
compare=docs/benchmarks/warm/compare.sh
listener() { DUGOUT_REALTIME_NETTY_ENABLED=true DUGOUT_REALTIME_NETTY_PORT=18600 "$@"; }
if [ -n "${ROUNDS_NOCACHE:-}" ]; then
  for r in 1 2 3; do
    for mode in fat cache; do
      listener $compare "$r" "$mode" "$out/aot-tomcat" "$out/netty-$mode" send --ws-port 18600 |
        sed "s/^/listener tomcat-trained /"
    done
  done 2>&1 | tee -a "$out/runs.txt"
  exit 0
fi
for r in 1 2 3; do
  for cache in tomcat both; do
    $compare "$r" cache "$out/aot-$cache" "$out/tomcat-$cache" | sed "s/^/tomcat-ws $cache-trained /"
    listener $compare "$r" cache "$out/aot-$cache" "$out/netty-$cache" send --ws-port 18600 |
      sed "s/^/listener $cache-trained /"
  done
done 2>&1 | tee -a "$out/runs.txt"
