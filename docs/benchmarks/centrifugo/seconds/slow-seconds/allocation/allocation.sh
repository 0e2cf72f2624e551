#!/usr/bin/env bash
# Where a SEND's bytes are allocated: Dugout alone on a fresh server, 30 s closed loop (1000 users in
# 100 rooms), then 30 s at 2,000 sends/s after the generator's warm-up, with JFR recording every new
# TLAB and every allocation outside one, with its stack, during the second run only
# (allocation.jfc). Usage:
#   allocation.sh SERVER_JAR LOADTEST_JAR OUT_DIR
# then: jfr print --json --stack-depth 40 --events \
#   jdk.ObjectAllocationInNewTLAB,jdk.ObjectAllocationOutsideTLAB OUT_DIR/allocation.jfr >A.json
#   python3 allocation.py A.json 45 75 30   (the seconds 45-75 of the recording, top 30 sites)
# JAVA as in ../../../../fresh-server.sh; jcmd is taken from beside it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../../fresh-server.sh
. "$here/../../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3
java=${JAVA:-java}
jcmd=$(dirname "$(command -v "$java")")/jcmd
secret=bench-secret-bench-secret-bench-secret-0123
mkdir -p "$out"
start_server "$jar" 18598 "$out/server.log" --dugout.auth.jwt.hmac-secret=$secret
for scenario in "warm --closed-loop" "open2k --rate 2000"; do
  read -r name args <<<"$scenario"
  if [ "$name" = open2k ]; then
    "$jcmd" "$server_pid" JFR.start name=allocation settings="$here/allocation.jfc" \
      filename="$out/allocation.jfr" >/dev/null
  fi
  # shellcheck disable=SC2086
  "$java" -jar "$loadtest" chat --users 1000 --rooms 100 $args --duration 30s --ramp-up 10s \
    --warm-up 5s --generator-warm-up 20s --url http://localhost:18598 --hmac-secret $secret \
    --out "$out/$name" >"$out/$name.txt" 2>&1 || true
done
"$jcmd" "$server_pid" JFR.stop name=allocation >/dev/null
stop_server
