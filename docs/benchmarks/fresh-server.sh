# Sourced by the benchmark scripts: one Dugout server on a fresh data directory per run.
#   start_server JAR PORT LOG [server arguments...]  starts it and waits until /actuator/health
#                                                    answers; sets server_pid
#   stop_server                                      stops it and deletes its data directory
# JAVA picks the java binary; SERVER_OPTS adds JVM options.

start_server() {
  local jar=$1 port=$2 log=$3
  shift 3
  server_data=$(mktemp -d)
  # shellcheck disable=SC2086
  "${JAVA:-java}" ${SERVER_OPTS:-} -jar "$jar" --server.port="$port" \
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
