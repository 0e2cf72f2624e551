#!/usr/bin/env bash
# idle.sh LABEL [JVM_OPTS...]: RSS and live heap per idle subscribed session, 4,000 sessions
# (USERS=10000 for more; rooms of 10).
# Run from the repository root after ./mvnw -B -DskipTests package; JAVA_HOME a JDK 25.
# With -XX:NativeMemoryTracking=summary among the JVM options it also writes where the native
# memory went between the idle baseline and the 4,000 sessions (idle-LABEL.nmt). SETTLE=SECONDS
# waits that long after each forced full GC before reading (default 1), so that G1 can give back
# what the GC shrank the heap by. WS_PORT=PORT serves the sessions on the Netty listener at that
# port (the load tester's --ws-port) and counts the connections there instead of on Tomcat's port;
# FRONT=true puts the listener in front of Tomcat on the HTTP port instead (one port for both).
set -u
J=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin
LT=$PWD/dugout-loadtest/target/dugout-loadtest.jar
SERVER=$PWD/dugout-server/target/dugout-server.jar
W=$(mktemp -d)
L=$1; shift
WS=${WS_PORT:-18603}
LISTENER=() LT_WS=()
if [ "${FRONT:-false}" = true ]; then
  LISTENER=(--dugout.listener.mode=front)
elif [ "$WS" != 18603 ]; then
  LISTENER=(--dugout.listener.mode=separate --dugout.realtime.netty.port=$WS)
  LT_WS=(--ws-port $WS)
fi
cd "$W"
$J/java --enable-native-access=ALL-UNNAMED "$@" -jar $SERVER "${LISTENER[@]}" --server.port=18603 --dugout.data-dir=$W/idle-data --dugout.auth.try-it-out-service-tokens=true > idle-$L.log 2>&1 &
PID=$!
for i in $(seq 1 600); do curl -sf localhost:18603/actuator/health >/dev/null && break; sleep 0.2; done
sleep 3
$J/jcmd $PID GC.run >/dev/null; sleep ${SETTLE:-1}
H0=$($J/jcmd $PID GC.heap_info | grep -o "used [0-9]*K" | head -1 | tr -dc 0-9); R0=$(ps -o rss= -p $PID)
NMT=false
case " $* " in *NativeMemoryTracking=summary*) NMT=true ;; esac
$NMT && $J/jcmd $PID VM.native_memory baseline >/dev/null
$J/java -jar $LT chat --users ${USERS:-4000} --rooms $(( ${USERS:-4000} / 10 )) --rate 1 --duration 80s --ramp-up ${RAMP:-20s} --drain 5s --timeout 30s "${LT_WS[@]}" --url http://localhost:18603 --out $W/idle-$L > $W/idle-$L.txt 2>&1 &
G=$!
sleep 70
C=$(ss -Htn state established "( sport = :$WS )" | wc -l)
$J/jcmd $PID GC.run >/dev/null; sleep ${SETTLE:-1}
H1=$($J/jcmd $PID GC.heap_info | grep -o "used [0-9]*K" | head -1 | tr -dc 0-9); R1=$(ps -o rss= -p $PID)
$J/jcmd $PID GC.class_histogram | head -12 > $W/idle-$L.hist
$NMT && $J/jcmd $PID VM.native_memory summary.diff > $W/idle-$L.nmt
wait $G
echo "results in $W"
echo "$L conns=$C heap ${H0}K->${H1}K per=$(( (H1-H0)*1024/ (C>0?C:1) )) B  rss ${R0}K->${R1}K per=$(( (R1-R0)*1024/(C>0?C:1) )) B"
grep -E "lost|received" $W/idle-$L.txt | tail -2
kill -TERM $PID; wait $PID 2>/dev/null
