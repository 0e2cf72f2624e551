#!/usr/bin/env bash
# Where a warm server's CPU goes, as Linux's perf sees it (kernel, JIT-compiled Java, RocksDB's
# native code and the JVM's own, by thread): a fresh server with a perf map of its compiled code
# written at exit, one warm-up run of the scenario, then `perf record` over 15 s of a second run.
#   docs/benchmarks/profile/perf.sh SERVER_JAR LOADTEST_JAR OUT_DIR scenario [options...]
# e.g. perf.sh dugout-server.jar dugout-loadtest.jar out chat --rate 3000 --duration 20s
# then: perf report -i OUT_DIR/perf.data --no-children --sort dso -g none   (or --sort comm, sym)
# Needs perf and kernel.perf_event_paranoid <= 2 (or root). JAVA, SERVER_OPTS as in ../fresh-server.sh.
set -euo pipefail
# shellcheck source=../fresh-server.sh
. "$(dirname "$0")/../fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3
shift 3
java=${JAVA:-java}
port=${PORT:-18597}
mkdir -p "$out"
server_jvm_options
SERVER_OPTS="${server_opts[*]} -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer" \
  start_server "$server_jar" "$port" "$out/server.log"
"$java" -jar "$loadtest_jar" "$@" --warm-up 5s --url "http://localhost:$port" --out "$out/warm" \
  >"$out/warm.txt" 2>&1 || true
"$java" -jar "$loadtest_jar" "$@" --warm-up 5s --url "http://localhost:$port" --out "$out/run" \
  >"$out/run.txt" 2>&1 &
loadtest=$!
# why: record the measured part, after the run's set-up, connections and warm-up
until grep -q "/run " "$out/run.txt" 2>/dev/null; do sleep 0.2; done
sleep 3
perf record -F 499 -g -p "$server_pid" -o "$out/perf.data" -- sleep 15 >"$out/perf-record.txt" 2>&1
wait "$loadtest" || true
stop_server
echo "perf map of the server's compiled code: /tmp/perf-$server_pid.map (perf report reads it)"
