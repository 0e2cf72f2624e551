#!/usr/bin/env bash
# Closed-loop chat on the Netty listener on a port of its own (two) and in front of Tomcat on the
# HTTP port (front), alternating, a fresh server per run with the JVM options of ./dugout run:
# a 20 s closed-loop run that warms the server, then 30 s measured after a 5 s --warm-up (1000
# users in 100 rooms). Usage, from the repository root:
#   docs/benchmarks/server-choice/netty/front/closed.sh JAR LOADTEST_JAR OUT_DIR ROUNDS
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../fresh-server.sh
. "$here/../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 rounds=$4
java=${JAVA:-java}
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for variant in two front; do
    if [ "$variant" = two ]; then
      listener="-Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600" ws=18600
    else
      listener="-Ddugout.realtime.netty.front=true" ws=18597
    fi
    SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} $listener" \
      start_server "$jar" 18597 "$out/$variant-$round.server.log"
    "$java" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 20s \
      --ramp-up 10s --url http://localhost:18597 --ws-port "$ws" --out "$out/$variant-$round-warm" \
      >"$out/$variant-$round-warm.txt" 2>&1
    "$java" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 30s \
      --warm-up 5s --ramp-up 10s --url http://localhost:18597 --ws-port "$ws" \
      --out "$out/$variant-$round" >"$out/$variant-$round.txt" 2>&1
    stop_server
    echo "$variant-$round $(grep -E '^throughput|^attempts' "$out/$variant-$round.txt" | tr '\n' ' ')" |
      tee -a "$out/runs.txt"
  done
done
