#!/usr/bin/env bash
# notify throughput in closed loop on a box with nothing else running: per batch size a fresh
# server and data directory (../fresh-server.sh, the JVM options of ./dugout run), a 15 s warm-up
# run that is not quoted (two for batch 1), then ROUNDS 20 s runs of 1000 subscribed users and
# 8 senders; one line per run in OUT_DIR/runs.txt. Usage:
#   docs/benchmarks/notify-closed-quiet/run.sh SERVER_JAR LOADTEST_JAR OUT_DIR [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../fresh-server.sh
. "$here/../fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3 rounds=${4:-3}
port=18490
mkdir -p "$out"
for batch in 1 100 1000; do
  start_server "$server_jar" "$port" "$out/server-b$batch.log"
  warm=(warm); [ "$batch" = 1 ] && warm=(warm warm2)
  for run in "${warm[@]}" $(seq 1 "$rounds"); do
    duration=20s; [[ $run == warm* ]] && duration=15s
    load=$(cut -d' ' -f1 /proc/loadavg)
    "${JAVA:-java}" -jar "$loadtest_jar" notify --users 1000 --batch "$batch" --senders 8 \
      --closed-loop --duration "$duration" --drain 10s \
      --scrape "http://localhost:$port/actuator/prometheus" --url "http://localhost:$port" \
      --out "$out/b$batch-$run" >"$out/b$batch-$run.txt" 2>&1 || true
    python3 - "$out/b$batch-$run/result.json" "b$batch-$run" "$load" <<'PY' | tee -a "$out/runs.txt"
import json, sys
r = json.load(open(sys.argv[1])); c = r['counts']; lat = r['latency']
b, d = lat['batch'], lat['delivery']
server = r.get('server', {}).get('cpuCores')
print('%-9s stored/s %8.0f | batch p50 %7.1f p99 %7.1f ms | delivery p50 %7.1f p99 %7.1f ms'
      ' | lost %d errors %d | generator %.2f server %s cores | load before %s' % (
      sys.argv[2], c['sent'] / r['measuredSeconds'], b['p50Ms'], b['p99Ms'], d['p50Ms'], d['p99Ms'],
      c['lost'], c['errors'], r['generator']['cpuCores'],
      '%.2f' % server if server is not None else '?', sys.argv[3]))
PY
  done
  stop_server
done
