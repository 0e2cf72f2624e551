#!/usr/bin/env bash
# run.sh: cluster-dev (2 nodes) vs embedded, same scenarios, users spread over both nodes
set -u
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
LT="$J -jar /work/main/dugout-loadtest/target/dugout-loadtest.jar"
OUT=/tmp/bench/cluster/out; mkdir -p $OUT
scen() { # label url...
  local L=$1 U=$2
  echo "== $L load $(cut -d' ' -f1 /proc/loadavg)"
  $LT chat --closed-loop --users 1000 --rooms 100 --duration 20s --ramp-up 5s --url $U --out $OUT/$L-closed > $OUT/$L-closed.txt 2>&1
  $LT chat --rate 2000 --users 1000 --rooms 100 --duration 20s --ramp-up 5s --url $U --out $OUT/$L-rate2000 > $OUT/$L-rate2000.txt 2>&1
  $LT send --url $U --out $OUT/$L-send > $OUT/$L-send.txt 2>&1
  $LT fanout --users 1000 --senders 5 --rate 100 --duration 20s --ramp-up 5s --url $U --out $OUT/$L-fanout > $OUT/$L-fanout.txt 2>&1
}
summ() {
python3 - "$@" <<'PY'
import json,sys,glob
for d in sorted(glob.glob('/tmp/bench/cluster/out/*/result.json')):
    r=json.load(open(d)); c=r['counts']; l=r['latency']; g=r.get('generator',{})
    e=l.get('echo',{}); dl=l.get('delivery',{})
    print(f"{d.split('/')[-2]:22s} sent/s {c['sent']/max(r['measuredSeconds'],1e-9):8.0f} lost {c['lost']} err {c['errors']} echo p50 {e.get('p50Ms',0):7.1f} p99 {e.get('p99Ms',0):7.1f} avg {e.get('avgMs',0):6.1f} deliv p99 {dl.get('p99Ms',0):7.1f} gen {g}")
PY
}
case "$1" in
  cluster) scen cluster "http://localhost:18681,http://localhost:18682" ;;
  one) scen one-node-cluster "http://localhost:18681" ;;
  embedded) scen embedded "http://localhost:18690" ;;
  summary) summ ;;
esac
