#!/usr/bin/env bash
# Builds the JVM's ahead-of-time cache for dugout-server.jar: extracts the jar, starts it once with
# -XX:AOTCacheOutput on a scratch data directory, drives it with the load tester (send flows, a chat,
# history and enter reads) so the cache holds the classes and method profiles of the hot paths, and
# stops it, which writes the cache. Needs JDK 25 or newer; see docs/operations.md, "A warm start".
#   deploy/aot-train.sh SERVER_JAR LOADTEST OUT_DIR
# LOADTEST is dugout-loadtest.jar, or a class path holding io.dugout.loadtest.Main.
# OUT_DIR gets app/ (the extracted jar, run with -XX:AOTCache=OUT_DIR/dugout.aot -jar
# OUT_DIR/app/dugout-server.jar) and dugout.aot. Bounded: each step has a time limit.
# DUGOUT_AOT_TRAINING=short trains briefly (a usable but less trained cache). DUGOUT_SERVER_OPTS
# replaces the JVM options the server is trained with (default: deploy/jvm-options.sh, which are
# also those of docs/operations.md); start the server with the same ones, since a cache only serves
# a JVM with the heap and object layout it was trained with.
set -euo pipefail
server_jar=$(readlink -f "$1")
out=$3
java=${JAVA:-java}
case "$2" in
  *.jar) loadtest=(-jar "$(readlink -f "$2")") ;;
  *) loadtest=(-cp "$2" io.dugout.loadtest.Main) ;;
esac

rm -rf "$out.tmp"
mkdir -p "$out.tmp"
"$java" -Djarmode=tools -jar "$server_jar" extract --destination "$out.tmp/app" >/dev/null
scratch=$(mktemp -d)
log="$scratch/server.log"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
: >"$log"

# why: the options the server runs with (./dugout, docs/operations.md), so training sees its heap
# shellcheck source=jvm-options.sh
. "$(dirname "$0")/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "$java")"
if [ -n "${DUGOUT_SERVER_OPTS:-}" ]; then
  read -r -a server_opts <<<"$DUGOUT_SERVER_OPTS"
else
  server_opts=("${DUGOUT_JVM_OPTIONS[@]}")
fi
"$java" "${server_opts[@]}" -XX:AOTCacheOutput="$out.tmp/dugout.aot" \
  -jar "$out.tmp/app/dugout-server.jar" --server.port=0 --dugout.data-dir="$scratch/data" \
  --dugout.auth.try-it-out-service-tokens=true --dugout.realtime.messages-per-second=100000 \
  --dugout.realtime.message-burst=100000 >"$log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 1 240); do
  if grep -q "Started DugoutApplication" "$log"; then
    # why: the HTTP port is the Netty listener's when it is in front of Tomcat (the default), so
    # the training goes through it as production traffic does; else Tomcat's
    port=$(sed -n 's/.*STOMP over WebSocket on Netty at port \([0-9]*\), in front of Tomcat.*/\1/p' "$log" | head -1 || true)
    [ -n "$port" ] || port=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$log" | head -1 || true)
    break
  fi
  kill -0 "$server_pid" 2>/dev/null || { echo "aot-train: the server did not start:" >&2; tail -20 "$log" >&2; exit 1; }
  sleep 0.5
done
[ -n "$port" ] || { echo "aot-train: the server did not start within 120 s" >&2; exit 1; }
url="http://localhost:$port"
# why: health answers 503 from the moment Tomcat listens until the node is ready
for _ in $(seq 1 120); do
  if ! command -v curl >/dev/null 2>&1; then sleep 5; break; fi
  curl -sf "$url/actuator/health" >/dev/null 2>&1 && break
  sleep 0.5
done
load() { timeout 120 "$java" "${loadtest[@]}" "$@" --url "$url" --out "$scratch/out-$1" >/dev/null 2>&1 || echo "aot-train: the training run '$1' failed (the cache is still written, only less trained)" >&2; }
if [ "${DUGOUT_AOT_TRAINING:-full}" = short ]; then
  # why: for tests of this script, which need a cache, not a well-trained one
  load send --users 50 --rooms 5 --loops 2 --ramp-up 1s
  load chat --users 50 --rooms 5 --rate 200 --duration 2s --ramp-up 1s
  load history --messages 200 --rooms 2 --clients 5 --requests 20 --enter-requests 20
else
  load send --users 200 --rooms 20 --loops 10 --ramp-up 2s
  load chat --users 200 --rooms 20 --rate 1000 --duration 8s --ramp-up 1s
  load fanout --users 100 --senders 5 --rate 200 --duration 4s --ramp-up 1s
  load history --messages 2000 --rooms 4 --clients 20 --requests 100 --enter-requests 100
fi

kill -TERM "$server_pid"
for _ in $(seq 1 240); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$server_pid" 2>/dev/null; then echo "aot-train: the server did not stop within 120 s" >&2; exit 1; fi
server_pid=""
[ -s "$out.tmp/dugout.aot" ] || { echo "aot-train: no cache was written:" >&2; tail -20 "$log" >&2; exit 1; }
rm -rf "$out"
mv "$out.tmp" "$out"
