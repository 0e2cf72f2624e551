# Sourced by the benchmark scripts: one Dugout server on a fresh data directory per run.
#   start_server JAR PORT LOG [server arguments...]  starts it and waits until /actuator/health
#                                                    answers; sets server_pid
#   stop_server                                      stops it and deletes its data directory
#   server_metrics PORT                              prints its /actuator/prometheus, read with
#                                                    a service token from the try-it-out endpoint
#   server_jvm_options                               sets the array server_opts to the JVM
#                                                    options start_server uses (below)
# JAVA picks the java binary. The server runs with the JVM options of ./dugout run
# (deploy/jvm-options.sh) unless SERVER_OPTS is set: then with those instead (empty: none).
# shellcheck source=../../deploy/jvm-options.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../deploy/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "${JAVA:-java}")"

server_jvm_options() {
  server_opts=("${DUGOUT_JVM_OPTIONS[@]}")
  [ -z "${SERVER_OPTS+set}" ] || read -r -a server_opts <<<"$SERVER_OPTS"
}

start_server() {
  local jar=$1 port=$2 log=$3
  shift 3
  server_data=$(mktemp -d)
  server_jvm_options
  "${JAVA:-java}" "${server_opts[@]}" -jar "$jar" --server.port="$port" \
    --dugout.data-dir="$server_data" --dugout.auth.try-it-out-service-tokens=true "$@" \
    >"$log" 2>&1 &
  server_pid=$!
  until curl -fs "http://localhost:$port/actuator/health" >/dev/null 2>&1; do sleep 0.5; done
}

stop_server() {
  kill "$server_pid"
  wait "$server_pid" || true
  rm -rf "$server_data"
}

server_metrics() {
  local port=$1 token
  token=$(curl -s -XPOST "localhost:$port/api/v1/dev/token" -H 'Content-Type: application/json' \
    -d '{"userId":"bench","scope":"dugout:service"}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  curl -s -H "Authorization: Bearer $token" "localhost:$port/actuator/prometheus"
}
