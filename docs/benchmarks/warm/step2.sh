#!/usr/bin/env bash
# A git bisect run step: good (0) when a fresh server's third seeds' send flow in a row (twice.sh)
# completes >= 780 flows/s, bad (1) below, skip (125) when the commit does not build or run.
# Bisecting checks out commits that lack this directory, so run a copy kept outside the work tree,
# from anywhere inside the repository:
#   cp -r docs/benchmarks/warm DIR && git bisect run DIR/step2.sh LOADTEST_JAR OUT_DIR
# OUT_DIR gets build.log, each commit's server log and log, the runs' lines of every commit.
# JAVA_HOME a JDK 25 (for the build), JAVA likewise for the runs.
set -u
here=$(dirname "$(readlink -f "$0")")
loadtest_jar=$(readlink -f "$1")
mkdir -p "$2"
out=$(readlink -f "$2")
cd "$(git rev-parse --show-toplevel)"
./mvnw -B -q -o -DskipTests -Dspotless.check.skip=true package -pl dugout-server \
  >"$out/build.log" 2>&1 || exit 125
result=$("$here/twice.sh" dugout-server/target/dugout-server.jar "$loadtest_jar" \
  "$(git rev-parse --short HEAD)" "$out")
echo "$result" >>"$out/log"
rate=$(echo "$result" | grep "run 3" | sed 's/.*flows\/s //')
[ -z "$rate" ] && exit 125
[ "$rate" -ge 780 ] && exit 0 || exit 1
