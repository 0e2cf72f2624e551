#!/usr/bin/env bash
# Where a listener server's heap allocation goes at an open-loop rate: a fresh server, a 20 s
# closed-loop run that warms it, then a JFR recording (settings=profile) over RATE sends/s (1000
# users in 100 rooms, 30 s after a 5 s --warm-up, ramp-up 10 s). Prints the bytes each thread
# allocated over the recording (jdk.ThreadAllocationStatistics); OUT_DIR/rec.jfr keeps the
# allocation samples (jfr view allocation-by-site). Usage, from the repository root:
#   docs/benchmarks/server-choice/netty/utf8/profile.sh JAR LOADTEST_JAR OUT_DIR RATE
# JAVA as in ../../../fresh-server.sh; jcmd and jfr are taken from beside it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../fresh-server.sh
. "$here/../../../fresh-server.sh"
jar=$1 loadtest=$2 out=$3 rate=$4
java=${JAVA:-java}
bin=$(dirname "$(readlink -f "$(command -v "$java")")")
mkdir -p "$out"
listener="-Ddugout.realtime.netty.enabled=true -Ddugout.realtime.netty.port=18600"
SERVER_OPTS="${DUGOUT_JVM_OPTIONS[*]} $listener" start_server "$jar" 18597 "$out/server.log"
"$java" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 20s \
  --ramp-up 10s --url http://localhost:18597 --ws-port 18600 --out "$out/warm" \
  >"$out/warm.txt" 2>&1 || true
"$bin/jcmd" "$server_pid" JFR.start settings=profile name=alloc filename="$out/rec.jfr" >/dev/null
"$java" -jar "$loadtest" chat --users 1000 --rooms 100 --rate "$rate" --duration 30s \
  --ramp-up 10s --warm-up 5s --url http://localhost:18597 --ws-port 18600 --out "$out/run" \
  >"$out/run.txt" 2>&1 || true
"$bin/jcmd" "$server_pid" JFR.stop name=alloc >/dev/null
stop_server
"$bin/jfr" print --events jdk.ThreadAllocationStatistics "$out/rec.jfr" | python3 -c '
import re, sys
units = {"bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}
first, last, value = {}, {}, None
for line in sys.stdin:
    m = re.search(r"allocated = ([\d.]+) (\w+)", line)
    if m:
        value = float(m.group(1)) * units[m.group(2)]
    m = re.search(r"thread = \"([^\"]+)\"", line)
    if m and value is not None:
        first.setdefault(m.group(1), value)
        last[m.group(1)] = value
        value = None
print("total MB %.0f" % (sum(last[t] - first[t] for t in last) / 1e6))
for t in sorted(last, key=lambda t: first[t] - last[t])[:6]:
    print("  %-28s %.0f MB" % (t, (last[t] - first[t]) / 1e6))
'
