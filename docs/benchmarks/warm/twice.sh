#!/usr/bin/env bash
# A fresh server, the seeds' send flow three times back to back: one line per run. Usage:
#   docs/benchmarks/warm/twice.sh SERVER_JAR LOADTEST_JAR LABEL OUT_DIR
# OUT_DIR gets the server's log, server-LABEL.log. JAVA a JDK 25 (default: java on the PATH); PORT
# the server's port (default 18711).
set -u
server_jar=$1 loadtest_jar=$2 label=$3 out=$4
java=${JAVA:-java}
port=${PORT:-18711}
mkdir -p "$out"
data=$(mktemp -d)
"$java" --enable-native-access=ALL-UNNAMED -jar "$server_jar" --server.port="$port" \
  --dugout.data-dir="$data" --dugout.auth.try-it-out-service-tokens=true \
  >"$out/server-$label.log" 2>&1 &
pid=$!
for i in $(seq 1 600); do
  curl -sf "localhost:$port/actuator/health" >/dev/null && break
  sleep 0.2
done
for r in 1 2 3; do
  "$java" -jar "$loadtest_jar" send --url "http://localhost:$port" --out "$data/out$r" \
    >/dev/null 2>&1
  python3 - "$data/out$r/result.json" "$label run $r" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); e = r['latency']['echo']
print(sys.argv[2], 'avg %.1f p50 %.1f p99 %.1f flows/s %.0f'
      % (e['avgMs'], e['p50Ms'], e['p99Ms'], e['perSecond']))
PY
done
kill -TERM $pid; wait $pid 2>/dev/null; rm -rf "$data"
