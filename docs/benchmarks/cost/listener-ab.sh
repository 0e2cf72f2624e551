#!/usr/bin/env bash
# Two jars (or one jar with an option) alternating on the Netty listener, a fresh server per run,
# the JVM options of ./dugout run on both. Usage, from the repository root:
#   docs/benchmarks/cost/listener-ab.sh A_JAR B_JAR LOADTEST_JAR OUT_DIR closed|RATE [ROUNDS]
# closed: ../server-choice/netty/closed-run.sh's closed-loop run; RATE: cost.sh at that many
# sends/s (1000 users in 100 rooms). Runs are labelled a-… and b-… (LABELS="x y" names them x-…
# and y-… instead). FSYNC=true runs both with dugout.store.fsync on; A_OPTS and B_OPTS add JVM
# options to a's and b's server (e.g. a probe's switch).
set -euo pipefail
here=$(cd "$(dirname "$0")/../server-choice/netty" && pwd)
# shellcheck source=../fresh-server.sh
. "$here/../../fresh-server.sh"
a=$1 b=$2 loadtest=$3 out=$4 what=$5 rounds=${6:-3}
opts="${DUGOUT_JVM_OPTIONS[*]} -Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600"
opts="$opts -Ddugout.store.fsync=${FSYNC:-false}"
java=${JAVA:-java}
mkdir -p "$out"
# shellcheck source=../server-choice/netty/closed-run.sh
. "$here/closed-run.sh"
read -r label_a label_b <<<"${LABELS:-a b}"
for round in $(seq 1 "$rounds"); do
  for variant in a b; do
    jar=$a run_opts="$opts ${A_OPTS:-}" label=$label_a
    [ "$variant" = a ] || { jar=$b; run_opts="$opts ${B_OPTS:-}"; label=$label_b; }
    if [ "$what" = closed ]; then
      SERVER_OPTS="$run_opts" closed_run "$label-$round" "$java" --ws-port 18600
    else
      SERVER_OPTS="$run_opts" "$here/../../cost/cost.sh" "$jar" "$loadtest" "$out" \
        "$label-$what-$round" \
        chat --users 1000 --rooms 100 --rate "$what" --duration 20s --ramp-up 10s --ws-port 18600
    fi
  done
done
