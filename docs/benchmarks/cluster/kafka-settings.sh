#!/usr/bin/env bash
# The Kafka client settings seed 002 tuned, measured on a fresh `cluster-dev` each: echo latency
# at a low, steady load where nothing queues, so the settings' own waits show. Usage (from the
# repository root, after `./dugout cluster-dev` has compiled once):
#   docs/benchmarks/cluster/kafka-settings.sh LOADTEST_JAR OUT_DIR LABEL 'JSON settings' [chat options...]
# e.g. kafka-settings.sh dugout-loadtest.jar out linger0 '{"spring.kafka.producer.properties.linger.ms":0}'
# The settings reach both nodes through SPRING_APPLICATION_JSON. One line per run in OUT_DIR/runs.txt.
set -euo pipefail
# shellcheck source=cluster-dev.sh
. "$(dirname "$0")/cluster-dev.sh"
loadtest_jar=$1 out=$2 label=$3 settings=$4
shift 4
java=${JAVA:-java}
mkdir -p "$out"
SPRING_APPLICATION_JSON=$settings start_cluster_dev "$out/$label.cluster.log"
"$java" -jar "$loadtest_jar" chat --url "$urls" "$@" --out "$out/$label-warm" >/dev/null 2>&1 || true
"$java" -jar "$loadtest_jar" chat --url "$urls" "$@" --out "$out/$label" >"$out/$label.txt" 2>&1 || true
stop_cluster_dev
python3 - "$out/$label/result.json" "$label" <<'PY' | tee -a "$out/runs.txt"
import json, sys
r = json.load(open(sys.argv[1])); c = r['counts']; e = r['latency']['echo']
print('%s echo p50 %.1f p95 %.1f p99 %.1f ms  sent %d lost %d errors %d'
      % (sys.argv[2], e['p50Ms'], e['p95Ms'], e['p99Ms'], c['sent'], c['lost'], c['errors']))
PY
