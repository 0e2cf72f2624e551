#!/usr/bin/env bash
# reads.sh JAR LOADTEST OUT ROUNDS [history options]: the history scenario with its reads on
# Tomcat's door (t) and on the listener's probe door (n), alternating, fresh server per run.
# Needs the jars built from probe.diff (the load tester reads -Dprobe.read-url); JAVA a JDK 25;
# NETTY_ARGS more server arguments; SERVER_OPTS as in ../../../fresh-server.sh.
set -euo pipefail
. "$(dirname "$0")/../../../fresh-server.sh"
jar=$1 lt=$2 out=$3 rounds=$4; shift 4
port=18592 ws=18600
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for v in t n; do
    name="$v-$round"
    start_server "$jar" "$port" "$out/$name.server.log" --dugout.realtime.netty.enabled=true \
      --dugout.realtime.netty.port=$ws ${NETTY_ARGS:-}
    read=()
    [ "$v" = n ] && read=(-Dprobe.read-url=http://localhost:$ws)
    echo "$name load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/runs.txt"
    "${JAVA:-java}" "${read[@]}" -jar "$lt" history --url "http://localhost:$port" --out "$out/$name" "$@" \
      >"$out/$name.txt" 2>&1 || true
    echo "$name server cpu-seconds $(ps -o times= -p "$server_pid")" | tee -a "$out/runs.txt"
    stop_server
    grep -E "^\s*(history|enter) |Dugout / floor" "$out/$name.txt" | tee -a "$out/runs.txt" || true
  done
done
