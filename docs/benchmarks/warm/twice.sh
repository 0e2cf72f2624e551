#!/usr/bin/env bash
# twice.sh JAR LABEL: a fresh server, the seeds' send flow three times back to back
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
D=$(mktemp -d)
$J --enable-native-access=ALL-UNNAMED -jar $1 --server.port=18711 --dugout.data-dir=$D --dugout.auth.try-it-out-service-tokens=true > /tmp/bisect/server-$2.log 2>&1 &
PID=$!
for i in $(seq 1 600); do curl -sf localhost:18711/actuator/health >/dev/null && break; sleep 0.2; done
for r in 1 2 3; do
  $J -jar $LOADTEST_JAR send --url http://localhost:18711 --out $D/out$r > /dev/null 2>&1
  python3 -c "import json;r=json.load(open('$D/out$r/result.json'));e=r['latency']['echo'];print('$2 run $r avg %.1f p50 %.1f p99 %.1f flows/s %.0f' % (e['avgMs'],e['p50Ms'],e['p99Ms'],e['perSecond']))"
done
kill -TERM $PID; wait $PID 2>/dev/null; rm -rf $D
