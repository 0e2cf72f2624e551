#!/usr/bin/env bash
# The listener's open-loop tail for several JVM option sets (or jars), alternating, a fresh server
# per run: a 20 s closed-loop run that warms the server, then RATE sends/s (1000 users in 100
# rooms) measured for 30 s after a 5 s --warm-up; one line per run in OUT_DIR/runs.txt with the
# delivery percentiles and the server's CPU over the measured invocation (its ramp-up included).
#   docs/benchmarks/server-choice/netty/tail.sh JAR LOADTEST_JAR OUT_DIR RATE ROUNDS LABEL:OPTIONS...
# e.g. tail.sh dugout-server.jar dugout-loadtest.jar out 2000 3 head: loops2:-Ddugout.realtime.netty.threads=2
# OPTIONS are JVM options added to those of ./dugout run; a LABEL's own jar: LABEL_JAR=path
# (e.g. inline_JAR=probe.jar). JAVA as in ../../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../fresh-server.sh
. "$here/../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 rate=$4 rounds=$5
shift 5
java=${JAVA:-java}
mkdir -p "$out"
listener="-Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600"
for round in $(seq 1 "$rounds"); do
  for variant in "$@"; do
    label=${variant%%:*} options=${variant#*:}
    jar_of_label="${label}_JAR"
    SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} $listener $options" \
      start_server "${!jar_of_label:-$jar}" 18597 "$out/$label-$round.server.log"
    "$java" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 20s \
      --ramp-up 10s --url http://localhost:18597 --ws-port 18600 --out "$out/$label-$round-warm" \
      >"$out/$label-$round-warm.txt" 2>&1 || true
    before=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
    "$java" -jar "$loadtest" chat --users 1000 --rooms 100 --rate "$rate" --duration 30s \
      --ramp-up 10s --warm-up 5s --url http://localhost:18597 --ws-port 18600 \
      --out "$out/$label-$round" >"$out/$label-$round.txt" 2>&1 || true
    after=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
    stop_server
    python3 - "$out/$label-$round/result.json" "$label-$round" "$before" "$after" \
      "$(getconf CLK_TCK)" <<'PY' | tee -a "$out/runs.txt"
import json, sys
r = json.load(open(sys.argv[1])); c = r['counts']; d = r['latency']['delivery']
cpu = (float(sys.argv[4]) - float(sys.argv[3])) / float(sys.argv[5])
print('%s sent/s %.0f delivery p50 %.2f p99 %.2f p99.9 %.1f max %.1f ms lost %d errors %d'
      ' server cpu %.1f s (incl. ramp-up) generator %.2f' % (
      sys.argv[2], c['sent'] / r['measuredSeconds'], d['p50Ms'], d['p99Ms'], d['p999Ms'],
      d['maxMs'], c['lost'], c['errors'], cpu, r['generator']['cpuCores']))
PY
  done
done
