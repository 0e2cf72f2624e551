#!/usr/bin/env bash
# notify.sh: live delivery at 2,000 notifications/s (100 x 20/s), quiet box: warm-up + 3 runs
set -u
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
LT="$J -jar dugout-loadtest/target/dugout-loadtest.jar"
D=/tmp/notify-q; rm -rf $D; mkdir -p $D
$J --enable-native-access=ALL-UNNAMED -jar dugout-server/target/dugout-server.jar --server.port=18490 --dugout.data-dir=$D/data --dugout.auth.try-it-out-service-tokens=true > $D/server.log 2>&1 &
PID=$!
for i in $(seq 1 400); do curl -sf localhost:18490/actuator/health >/dev/null && break; sleep 0.1; done
for run in warm 1 2 3; do
  dur=20s; [ $run = warm ] && dur=15s
  echo "run $run load $(cut -d' ' -f1 /proc/loadavg)"
  $LT notify --users 1000 --batch 100 --senders 8 --rate 20 --duration $dur --drain 10s --scrape http://localhost:18490/actuator/prometheus --url http://localhost:18490 --out $D/notify-q-$run > $D/$run.txt 2>&1
  grep -E "^batch|^delivery|lost" $D/$run.txt
done
kill -TERM $PID; wait $PID
