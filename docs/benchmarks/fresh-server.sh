# Sourced by the benchmark scripts: one Dugout server on a fresh data directory per run.
#   start_server JAR PORT LOG [server arguments...]  starts it and waits until /actuator/health
#                                                    answers; sets server_pid
#   stop_server                                      stops it and deletes its data directory
# JAVA picks the java binary. The server runs with the JVM options of ./dugout run
# (deploy/jvm-options.sh) unless SERVER_OPTS is set: then with those instead (empty: none).
# shellcheck source=../../deploy/jvm-options.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../deploy/jvm-options.sh"
dugout_jvm_options "$(dugout_java_major "${JAVA:-java}")"

start_server() {
  local jar=$1 port=$2 log=$3
  shift 3
  server_data=$(mktemp -d)
  local opts=("${DUGOUT_JVM_OPTIONS[@]}")
  [ -z "${SERVER_OPTS+set}" ] || read -r -a opts <<<"$SERVER_OPTS"
  "${JAVA:-java}" "${opts[@]}" -jar "$jar" --server.port="$port" \
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
