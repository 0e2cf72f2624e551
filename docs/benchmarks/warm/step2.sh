#!/usr/bin/env bash
# good (0) when a fresh server's third seeds' send flow completes >= 780 flows/s
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
cd $REPO
./mvnw -B -q -o -DskipTests -Dspotless.check.skip=true package -pl dugout-server > /tmp/bisect/build.log 2>&1 || exit 125
OUT=$(/tmp/bisect/twice.sh $REPO/dugout-server/target/dugout-server.jar $(git rev-parse --short HEAD))
echo "$OUT" >> /tmp/bisect/log
R=$(echo "$OUT" | grep "run 3" | sed 's/.*flows\/s //')
[ -z "$R" ] && exit 125
[ "$R" -ge 780 ] && exit 0 || exit 1
