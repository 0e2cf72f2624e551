#!/usr/bin/env bash
# A fresh JVM: its start (until health answers), then one load-test scenario, the first load it
# sees (by default the seeds' send flow). Run from the repository root after ./mvnw -B -DskipTests
# package and deploy/aot-train.sh (whose OUT_DIR is AOT_DIR here). Usage:
#   docs/benchmarks/warm/compare.sh ROUND fat|cache|nocache AOT_DIR OUT_DIR [SCENARIO OPTIONS...]
# e.g. compare.sh 1 cache aot out chat --users 1000 --rooms 100 --rate 2000 --duration 20s
# fat: the plain jar, dugout-server/target/dugout-server.jar; cache: the extracted jar
# AOT_DIR/app/dugout-server.jar with -XX:AOTCache=AOT_DIR/dugout.aot; nocache: the extracted jar
# alone. OUT_DIR gets the server's log and the load tester's output and report for the run.
# JAVA a JDK 25 (default: java on the PATH); PORT the server's port (default 18601). The server
# runs with ./dugout run's JVM options (deploy/jvm-options.sh), which aot-train.sh trains with by
# default, since a cache serves only the object layout it was trained with; SERVER_OPTS replaces
# them (then train with the same DUGOUT_SERVER_OPTS). IDLE seconds (default 0) pass between the
# server's readiness and the load: the control for a generator warm-up, which lets the server idle
# that long before its first load.
set -u
round=$1 mode=$2 aot=$3 out=$4
shift 4
scenario=("$@")
[ ${#scenario[@]} -gt 0 ] || scenario=(send)
java=${JAVA:-java}
port=${PORT:-18601}
loadtest_jar=dugout-loadtest/target/dugout-loadtest.jar
jar=$aot/app/dugout-server.jar
# shellcheck source=../fresh-server.sh
. "$(dirname "$0")/../fresh-server.sh"
server_jvm_options
opts=("${server_opts[@]}")
[ "$mode" = cache ] && opts+=(-XX:AOTCache="$aot/dugout.aot")
[ "$mode" = fat ] && jar=dugout-server/target/dugout-server.jar
mkdir -p "$out"
data=$(mktemp -d)
s0=$(date +%s%N)
"$java" "${opts[@]}" -jar "$jar" --server.port="$port" --dugout.data-dir="$data" \
  --dugout.auth.try-it-out-service-tokens=true >"$out/run-$mode-$round.log" 2>&1 &
pid=$!
for i in $(seq 1 400); do
  curl -sf "localhost:$port/actuator/health" >/dev/null && break
  sleep 0.05
done
s1=$(date +%s%N)
sleep "${IDLE:-0}"
echo "$mode $round ready in $(( (s1-s0)/1000000 )) ms; load $(cut -d' ' -f1 /proc/loadavg)"
"$java" -jar "$loadtest_jar" "${scenario[@]}" --url "http://localhost:$port" \
  --out "$out/r-$mode-$round" >"$out/r-$mode-$round.txt" 2>&1
python3 - "$out/r-$mode-$round/result.json" "$mode $round" <<'PY' 2>&1 | tail -2
import json, sys
r = json.load(open(sys.argv[1]))
series = ' | '.join(
    '%s avg %.1f p50 %.1f p99 %.1f max %.0f' % (name, s['avgMs'], s['p50Ms'], s['p99Ms'], s['maxMs'])
    for name, s in r['latency'].items() if name in ('echo', 'delivery', 'connect'))
print(sys.argv[2], {k: r['counts'][k] for k in ('sent', 'received', 'lost', 'errors')}, series,
      '| gen', r['generator'])
PY
kill -TERM $pid; wait $pid 2>/dev/null
rm -rf "$data"
