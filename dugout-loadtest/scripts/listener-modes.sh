#!/usr/bin/env bash
# The listener in front of Tomcat against Tomcat alone, same jar, alternating, a fresh server per
# round: closed-loop chat (after a 10 s warm-up) and history pages and enter. Usage:
#   dugout-loadtest/scripts/listener-modes.sh SERVER_JAR LOADTEST_JAR OUT_DIR [ROUNDS]
# One line per server, also appended to OUT_DIR/runs.txt. JAVA, SERVER_OPTS as in fresh-server.sh.
set -euo pipefail
# shellcheck source=fresh-server.sh
. "$(dirname "$0")/fresh-server.sh"
server_jar=$1 loadtest_jar=$2 out=$3 rounds=${4:-3}
java=${JAVA:-java}
port=${PORT:-18611}
mkdir -p "$out"
loadtest() { timeout 300 "$java" -jar "$loadtest_jar" "$@" --url "http://localhost:$port"; }
for i in $(seq "$rounds"); do
  for mode in front tomcat; do
    run=$out/$mode-$i
    start_server "$server_jar" "$port" "$run.server.log" --dugout.listener.mode=$mode
    loadtest chat --closed-loop --duration 10s --out "$run-chatwarm" >/dev/null 2>&1 || true
    loadtest chat --closed-loop --duration 15s --out "$run-chat" >"$run-chat.txt" 2>&1 || true
    loadtest history --messages 20000 --requests 500 --enter-requests 500 --warm-up-requests 50 \
      --out "$run-history" >"$run-history.txt" 2>&1 || true
    stop_server
    python3 - "$run" "$mode $i" <<'PY' | tee -a "$out/runs.txt"
import json, sys
run, label = sys.argv[1:]
chat = json.load(open(run + '-chat/result.json'))
history = json.load(open(run + '-history/result.json'))
reads = ' '.join('%s %.0f/s p99 %.1f ms' % (k, v['perSecond'], v['p99Ms'])
                 for k, v in history['latency'].items())
print('%s  chat %.0f sends/s p99 %.1f ms  %s  errors %d %d' % (
    label, chat['counts']['sent'] / chat['measuredSeconds'], chat['latency']['echo']['p99Ms'],
    reads, chat['counts']['errors'], history['counts'].get('errors', 0)))
PY
  done
done
