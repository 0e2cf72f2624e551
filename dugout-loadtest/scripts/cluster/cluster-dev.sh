# Sourced by the cluster benchmark scripts: a fresh `cluster-dev` (NODES nodes, 2 by default, on
# 18681, 18682, ...) per run, from the classes `./dugout cluster-dev` compiled. JAVA picks the java binary; the
# caller's environment (SPRING_APPLICATION_JSON, say) reaches the nodes.
#   start_cluster_dev LOG   starts it and waits for "cluster up"; sets dev (its pid) and urls
#   stop_cluster_dev        stops it: the nodes first, then Kafka, Redis and the store
# shellcheck source=../../../deploy/jvm-options.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../../deploy/jvm-options.sh"

start_cluster_dev() {
  local log=$1
  # why: the nodes run with the JVM options of the image and `./dugout run`, as the embedded
  # server of fresh-server.sh does, so that a same-run ratio compares like with like
  dugout_jvm_options "$(dugout_java_major "${JAVA:-java}")"
  export DUGOUT_NODE_JVM_OPTIONS="${DUGOUT_JVM_OPTIONS[*]}"
  local cp=dugout-server/target/test-classes:dugout-server/target/classes
  cp+=:$(cat dugout-server/target/cluster-dev.classpath)
  "${JAVA:-java}" -cp "$cp" io.dugout.ClusterDev --nodes="${NODES:-2}" --port=18681 >"$log" 2>&1 &
  dev=$!
  until grep -q "cluster up" "$log"; do
    kill -0 $dev 2>/dev/null || { echo "cluster-dev failed: $log" >&2; exit 1; }
    sleep 1
  done
  urls=$(seq -s, -f "http://localhost:%g" 18681 $((18680 + ${NODES:-2})))
}

stop_cluster_dev() {
  kill -TERM $dev # why: a background job of a script ignores SIGINT
  wait $dev 2>/dev/null || true
}
