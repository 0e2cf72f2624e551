#!/usr/bin/env bash
# Garbage collectors side by side: one jar, the JVM options of ./dugout run plus each variant's
# collector, alternating, a fresh server per run, G1's and the others' pauses logged beside each
# run (LABEL.gc.log). Usage, from the repository root:
#   docs/benchmarks/gc/run.sh JAR LOADTEST_JAR OUT_DIR closed|RATE [ROUNDS] [VARIANT...]
# closed: ../server-choice/netty/closed-run.sh's closed-loop run; RATE: ../cost/cost.sh at that
# many sends/s (1000 users in 100 rooms). VARIANT: g1 (the default), parallel or serial; all three
# when none is named. TRANSPORT=tomcat puts the load tester's WebSockets on Tomcat's /ws instead
# of the Netty listener.
set -euo pipefail
here=$(cd "$(dirname "$0")/../server-choice/netty" && pwd)
# shellcheck source=../fresh-server.sh
. "$here/../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 what=$4 rounds=${5:-3}
shift $(($# < 5 ? $# : 5))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(g1 parallel serial)
java=${JAVA:-java}
base="${DUGOUT_JVM_OPTIONS[*]}"
ws=()
if [ "${TRANSPORT:-netty}" = netty ]; then
  base="$base -Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600"
  ws=(--ws-port 18600)
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
# shellcheck source=../server-choice/netty/closed-run.sh
. "$here/closed-run.sh"
for round in $(seq 1 "$rounds"); do
  for variant in "${variants[@]}"; do
    case $variant in
      g1) gc=-XX:+UseG1GC ;;
      parallel) gc=-XX:+UseParallelGC ;;
      serial) gc=-XX:+UseSerialGC ;;
      *) echo "unknown variant $variant" >&2; exit 2 ;;
    esac
    label=$variant-$what-$round
    opts="$base $gc -Xlog:gc:file=$out/$label.gc.log"
    if [ "$what" = closed ]; then
      SERVER_OPTS="$opts" closed_run "$label" "$java" "${ws[@]}"
    else
      SERVER_OPTS="$opts" "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" "$label" \
        chat --users 1000 --rooms 100 --rate "$what" --duration 20s --ramp-up 10s "${ws[@]}"
    fi
  done
done
