#!/usr/bin/env bash
# compare.sh ROUND MODE(cache|nocache): a fresh JVM, startup time, then the seeds' send flow once
set -u
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
LT=/work/main/dugout-loadtest/target/dugout-loadtest.jar
R=$1; MODE=$2
cd /tmp/aot
rm -rf run-data
OPTS=(--enable-native-access=ALL-UNNAMED)
JAR=/tmp/aot/cur/app/dugout-server.jar
[ "$MODE" = cache ] && OPTS+=(-XX:AOTCache=/tmp/aot/cur/dugout.aot)
[ "$MODE" = fat ] && JAR=/work/main/dugout-server/target/dugout-server.jar
S0=$(date +%s%N)
$J "${OPTS[@]}" -jar $JAR --server.port=18601 --dugout.data-dir=/tmp/aot/run-data --dugout.auth.try-it-out-service-tokens=true > run-$MODE-$R.log 2>&1 &
PID=$!
for i in $(seq 1 400); do curl -sf localhost:18601/actuator/health >/dev/null && break; sleep 0.05; done
S1=$(date +%s%N)
echo "$MODE $R ready in $(( (S1-S0)/1000000 )) ms; load $(cut -d' ' -f1 /proc/loadavg)"
$J -jar $LT send --url http://localhost:18601 --out /tmp/aot/r-$MODE-$R > /tmp/aot/r-$MODE-$R.txt 2>&1
python3 -c "
import json;r=json.load(open('/tmp/aot/r-$MODE-$R/result.json'));e=r['latency']['echo'];c=r['latency']['connect']
print('$MODE $R', {k:r['counts'][k] for k in ('sent','received','lost','errors')}, 'echo avg %.1f p50 %.1f p99 %.1f max %.0f | connect avg %.1f p99 %.1f | gen %s' % (e['avgMs'],e['p50Ms'],e['p99Ms'],e['maxMs'],c['avgMs'],c['p99Ms'],r['generator']))
" 2>&1 | tail -2
kill -TERM $PID; wait $PID 2>/dev/null
