# One run of ../alone.sh with -Xlog:deoptimization=debug:file=DEOPT_LOG:uptime,timemillis among its
# options: each second of the 10,000 sends/s run's series as ../flushes.py prints it (seconds.txt
# in RUN_DIR), with the number of deoptimizations the JIT logged during it and the first four
# (class.method and the reason).
#   python3 deopts.py RUN_DIR DEOPT_LOG
import collections, json, re, sys

run, log = sys.argv[1], sys.argv[2]
r = json.load(open(run + '/open10k/result.json'))
ends = [t['elapsedSeconds'] for t in r['timeline'] if 'delivery' in t['latency']]
# the measured run's start, as ../flushes.py finds it
start = next(int(m.group(1)) - int(float(m.group(2)) * 1000) for m in
             (re.match(r'(\d+) chat/run +([\d.]+)s', line) for line in open(run + '/open10k.txt'))
             if m)


def second_of(ms):
    for i, end in enumerate(ends):
        if start + 1000 * (ends[i - 1] if i else 0) <= ms <= start + 1000 * end:
            return i
    return None


deopts = collections.defaultdict(list)
for line in open(log):
    m = re.match(r'\[[\d.]+s\]\[(\d+)ms\] cid=\s*\d+\s+level=\d (\S+?)\(.*? trap_bci=\d+ (\w+)', line)
    second = second_of(int(m.group(1))) if m else None
    if second is not None:
        method = '.'.join(m.group(2).split('.')[-2:])
        deopts[second].append('%s %s' % (method, m.group(3)))
seconds = {int(line.split()[0]): line.rstrip() for line in open(run + '/seconds.txt').readlines()[1:]
           if line.split() and line.split()[0].isdigit()}
print('deoptimizations during the measured run: %d' % sum(len(d) for d in deopts.values()))
for i in range(len(ends)):
    print('%-60s deopt %d %s' % (seconds.get(i, ''), len(deopts[i]), '; '.join(deopts[i][:4])))
