#!/usr/bin/env bash
# Where a cluster send's CPU goes: every process of a fresh `cluster-dev` (the nodes, the Kafka
# broker, redis-server, the cluster-dev JVM with the in-JVM MongoDB stand-in) and the generator,
# in CPU microseconds per send over one measured run after a warm-up run. Usage (from the
# repository root, after `./dugout cluster-dev` has compiled once; WARM_RUNS=N warm-up runs, 1 by
# default):
#   dugout-loadtest/scripts/cluster/cpu.sh LOADTEST_JAR OUT_DIR LABEL [chat options...]
# e.g. cpu.sh dugout-loadtest/target/dugout-loadtest.jar out rate200 --users 1000 --rooms 100 --rate 200 --duration 20s
# One line per process in OUT_DIR/LABEL.cpu.txt, the nodes' MongoDB and Redis commands per send by command
# (from their /actuator/prometheus, with a try-it-out service token) and a summary line in
# OUT_DIR/runs.txt. NODES=N starts N nodes (2 by default). EMBEDDED=SERVER_JAR measures one
# embedded server from that jar the same way instead (fresh-server.sh), for a same-run ratio.
set -euo pipefail
# shellcheck source=cluster-dev.sh
. "$(dirname "$0")/cluster-dev.sh"
loadtest_jar=$1 out=$2 label=$3
shift 3
java=${JAVA:-java}
mkdir -p "$out"
if [ -n "${EMBEDDED:-}" ]; then
  # shellcheck source=../fresh-server.sh
  . "$(dirname "$0")/../fresh-server.sh"
  start_server "$EMBEDDED" 18681 "$out/$label.server.log"
  dev=$server_pid urls=http://localhost:18681
else
  start_cluster_dev "$out/$label.cluster.log"
fi

# why: the ticks are read at the measured window's first and last progress lines, so setting up
# 1000 users and connecting them is not charged to the sends
for warm in $(seq "${WARM_RUNS:-1}"); do
  "$java" -jar "$loadtest_jar" chat --url "$urls" "$@" --out "$out/$label-warm$warm" >/dev/null 2>&1 || true
done
python3 - "$dev" "$out" "$label" "$java" "$loadtest_jar" "$urls" "$@" <<'PY' | tee "$out/$label.cpu.txt" | tail -1 | tee -a "$out/runs.txt"
import json, os, re, subprocess, sys, urllib.request
dev, out, label, java, jar, urls, *options = sys.argv[1:]
hz = os.sysconf('SC_CLK_TCK')
def tree():
    parent = {}
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                parent[int(entry)] = int(open(f'/proc/{entry}/stat').read().rsplit(')', 1)[1].split()[1])
            except OSError:
                pass
    pids, i = [int(dev)], 0
    while i < len(pids):
        pids += [pid for pid, ppid in parent.items() if ppid == pids[i]]
        i += 1
    return pids
def name(pid):
    if os.environ.get('EMBEDDED') and pid == int(dev):
        return 'embedded server'
    cmd = open(f'/proc/{pid}/cmdline').read().replace('\0', ' ')
    m = re.search(r'node-[0-9]+|kafka\.Kafka|redis-server|io\.dugout\.ClusterDev', cmd)
    return {'io.dugout.ClusterDev': 'cluster-dev (MongoDB stand-in)', 'kafka.Kafka': 'Kafka broker'}.get(
        m.group(0), m.group(0)) if m else cmd[:30]
def cpu(stat_path):
    fields = open(stat_path).read().rsplit(')', 1)[1].split()
    return int(fields[11]) + int(fields[12])
def jit(pid):
    # why: a JVM still compiling spends its CPU on the JIT, not on the sends; shown apart
    total = 0
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            if open(f'/proc/{pid}/task/{tid}/comm').read().startswith(('C1 Compiler', 'C2 Compiler')):
                total += cpu(f'/proc/{pid}/task/{tid}/stat')
        except OSError:
            pass
    return total
tokens = {}
def backend_commands():
    # why: round trips, unlike CPU, do not depend on what else runs on the box
    counts = {}
    for url in urls.split(','):
        if url not in tokens:
            ask = urllib.request.Request(url + '/api/v1/dev/token', method='POST',
                data=json.dumps({'userId': 'cpu-sh', 'scope': 'dugout:service'}).encode(),
                headers={'Content-Type': 'application/json'})
            tokens[url] = json.load(urllib.request.urlopen(ask, timeout=10))['token']
        scrape = urllib.request.Request(url + '/actuator/prometheus',
                                        headers={'Authorization': 'Bearer ' + tokens[url]})
        for line in urllib.request.urlopen(scrape, timeout=10).read().decode().splitlines():
            m = re.match(r'(mongodb_driver_commands|lettuce)_seconds_count\{(.*)\}\s+([0-9.eE+]+)', line)
            if m:
                tags = dict(re.findall(r'(\w+)="([^"]*)"', m.group(2)))
                if m.group(1) == 'lettuce':
                    key = 'redis ' + tags.get('command', '?')
                else:
                    key = tags.get('command', '?') + ' ' + tags.get('collection', '?')
                counts[key] = counts.get(key, 0) + float(m.group(3))
    return counts
def ticks():
    rows = {}
    for pid in tree():
        try:
            rows[pid] = (name(pid), cpu(f'/proc/{pid}/stat'), jit(pid))
        except OSError:
            pass
    return rows
run = subprocess.Popen([java, '-jar', jar, 'chat', '--url', urls, *options, '--out', f'{out}/{label}'],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
first = last = None
log = open(f'{out}/{label}.txt', 'w')
for line in run.stdout:
    log.write(line)
    m = re.match(r'\S+/run\s+([0-9.]+)s.*?sent\s+([0-9]+)', line)
    if m:
        # why: the nodes' metrics are scraped at the window's start and after the run only: a
        # scrape each second would charge the nodes' CPU with rendering it
        now = (float(m.group(1)), int(m.group(2)), ticks(), None if first else backend_commands())
        first = first or now
        last = now
run.wait()
last = last[:3] + (backend_commands(),)
seconds, sent = last[0] - first[0], last[1] - first[1]
used, compiling = {}, {}
for pid, (who, t, j) in last[2].items():
    was = first[2].get(pid, (who, 0, 0))
    used[who] = used.get(who, 0) + (t - was[1]) / hz
    compiling[who] = compiling.get(who, 0) + (j - was[2]) / hz
for who, spent in sorted(used.items(), key=lambda kv: -kv[1]):
    print('%-32s %7.2f s  %6.0f us/send  %4.2f cores  (JIT compiler threads %.2f s)'
          % (who, spent, spent / sent * 1e6, spent / seconds, compiling[who]))
total = sum(used.values())
every = {c: n - first[3].get(c, 0) for c, n in last[3].items()}
commands = {c: n for c, n in every.items() if not c.startswith('redis ')}
redis = {c[6:]: n for c, n in every.items() if c.startswith('redis ')}
for what, counted in (('MongoDB', commands), ('Redis', redis)):
    print('%s commands per send (nodes): %.2f (%s)' % (what, sum(counted.values()) / sent, ', '.join(
        '%s %.2f' % (c, n / sent) for c, n in sorted(counted.items(), key=lambda kv: -kv[1]) if n)))
r = json.load(open(f'{out}/{label}/result.json'))
e, c, g = r['latency']['echo'], r['counts'], r.get('generator', {})
print('%s: %d sends in %.0f s (%.0f/s), lost %d, errors %d, echo p50 %.1f p99 %.1f ms; '
      'cluster %.0f us/send (%.2f cores); MongoDB %.2f commands/send; generator %.2f cores'
      % (label, sent, seconds, sent / seconds, c['lost'], c['errors'], e['p50Ms'], e['p99Ms'],
         total / sent * 1e6, total / seconds, sum(commands.values()) / sent,
         g.get('cpuCores', float('nan'))))
PY
if [ -n "${EMBEDDED:-}" ]; then stop_server; else stop_cluster_dev; fi
