#!/usr/bin/env bash
# One fresh server with -XX:+PrintCompilation, N `send` runs back to back; per run the compiler's
# output, the classes loaded, the lines of the deoptimization log and each thread's CPU
# (../../../profile/threads.py). Usage:
#   run.sh SERVER_JAR LOADTEST_JAR OUT_DIR [N]   (JAVA as in ../../../fresh-server.sh)
# One summary per run in OUT_DIR/summary.txt.
set -euo pipefail
jar=$1 loadtest=$2 out=$3 n=${4:-6}
here=$(dirname "$0")
threads="$here/../../../profile/threads.py"
# shellcheck source=../../../fresh-server.sh
. "$here/../../../fresh-server.sh"
mkdir -p "$out"
server_jvm_options
logs="-Xlog:class+load=info:file=$out/classload.log -Xlog:deoptimization=debug:file=$out/deopt.log"
SERVER_OPTS="${server_opts[*]} -XX:+PrintCompilation $logs" \
  start_server "$jar" 18597 "$out/server.log"
for i in $(seq 1 "$n"); do
  python3 "$threads" "$server_pid" >"$out/run$i-before.tsv"
  c0=$(wc -l <"$out/server.log") l0=$(wc -l <"$out/classload.log") d0=$(wc -l <"$out/deopt.log")
  "${JAVA:-java}" -jar "$loadtest" send --url http://localhost:18597 --out "$out/run$i" \
    >"$out/run$i.txt" 2>&1 || true
  python3 "$threads" "$server_pid" >"$out/run$i-after.tsv"
  c1=$(wc -l <"$out/server.log") l1=$(wc -l <"$out/classload.log") d1=$(wc -l <"$out/deopt.log")
  {
    not_entrant=$(sed -n "$((c0 + 1)),${c1}p" "$out/server.log" |
      grep -c 'made not entrant' || true)
    echo "run $i: compile lines $((c1 - c0)) not-entrant $not_entrant" \
      "classes $((l1 - l0)) deopt-log $((d1 - d0))"
    python3 "$threads" --diff "$out/run$i-before.tsv" "$out/run$i-after.tsv" | sed -n 1,8p
  } | tee -a "$out/summary.txt"
done
stop_server
