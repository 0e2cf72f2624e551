# Sourced by ab.sh and flush/alone.sh, which run Dugout alone on a fresh server per run, after
# ../../../fresh-server.sh and with loadtest set to the load tester's jar:
#   start_alone JAR RUN_DIR LOG OPTIONS  a fresh server on port 18598 with ./dugout run's JVM
#                                        options, -Xlog:LOG into RUN_DIR/gc.log with wall-clock
#                                        times, then OPTIONS; its console in RUN_DIR/server.log
#   chat_run RUN_DIR NAME ARGS...        one chat run against it, 1000 users in 100 rooms for 30 s
#                                        after the rounds' warm-ups, its result in RUN_DIR/NAME and
#                                        its console in RUN_DIR/NAME.txt, each line prefixed by the
#                                        epoch ms at which it was read (to place it beside the
#                                        server's logs)
# JAVA picks the java binary.
java=${JAVA:-java}
secret=bench-secret-bench-secret-bench-secret-0123

start_alone() {
  local jar=$1 run=$2 log=$3 options=$4
  mkdir -p "$run"
  SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} -Xlog:$log:file=$run/gc.log:uptime,timemillis $options" \
    start_server "$jar" 18598 "$run/server.log" --dugout.auth.jwt.hmac-secret=$secret
}

chat_run() {
  local run=$1 name=$2
  shift 2
  "$java" -jar "$loadtest" chat --users 1000 --rooms 100 "$@" --duration 30s --ramp-up 10s \
    --warm-up 5s --generator-warm-up 20s --url http://localhost:18598 --hmac-secret $secret \
    --out "$run/$name" 2>&1 | stamped >"$run/$name.txt" || true
}

stamped() {
  while IFS= read -r line; do
    printf '%s %s\n' "$(date +%s%3N)" "$line"
  done
}
