# Sourced by run.sh and cost.sh: a fresh Dugout server and a fresh Centrifugo for one
# round, both with the HS256 secret of config.json beside this file. Sets java (JAVA, default
# java), port (Dugout's HTTP port: PORT, default 18598), secret and centrifugo_ws (the WebSocket
# address the load tester's --centrifugo takes).
#   start_pair OUT_DIR ROUND SERVER_JAR PORT CENTRIFUGO_BIN  starts both and waits for both;
#                                                          sets server_pid and centrifugo_pid
#   stop_pair                                              stops both
# shellcheck source=../fresh-server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../fresh-server.sh"
pair_config="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/config.json"
java=${JAVA:-java}
port=${PORT:-18598}
centrifugo_ws=ws://localhost:8000/connection/websocket
secret=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['client']['token']['hmac_secret_key'])" "$pair_config")

start_pair() {
  local out=$1 round=$2 jar=$3 port=$4 centrifugo=$5
  cp "$pair_config" "$out/centrifugo-config.json"
  start_server "$jar" "$port" "$out/server-$round.log" --dugout.auth.jwt.hmac-secret="$secret"
  (cd "$out" && exec "$centrifugo" -c centrifugo-config.json) >"$out/centrifugo-$round.log" 2>&1 &
  centrifugo_pid=$!
  until curl -s -o /dev/null "http://localhost:8000/"; do sleep 0.2; done
}

stop_pair() {
  # why: a Centrifugo that died on its own must not leave the Dugout server running
  kill "$centrifugo_pid" 2>/dev/null || true
  wait "$centrifugo_pid" || true
  stop_server
}
