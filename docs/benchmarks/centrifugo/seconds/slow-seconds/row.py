# One run of ab.sh: the closed-loop rate, the 2,000 sends/s run's delivery percentiles, the median
# of its per-second p99s, its seconds over 2 ms, and every young pause inside the measured run as
# "second:length ms", then each second over 2 ms as "second:p99 ms" (second N = entry N of the
# run's per-second series in result.json, which ends N + a fraction of a second after the start),
# and the server's RSS at the end when ab.sh read it.
#   python3 row.py RUN_DIR LABEL
import json, re, statistics, sys

run, label = sys.argv[1], sys.argv[2]
r = json.load(open(run + '/open2k/result.json'))
d, c = r['latency']['delivery'], r['counts']
measured = [t for t in r['timeline'] if 'delivery' in t['latency']]
seconds = [t['latency']['delivery']['p99Ms'] for t in measured]
warm = json.load(open(run + '/warm/result.json'))
# the measured run's start: its first console line, stamped, less the run time it prints
start = next(int(m.group(1)) - int(float(m.group(2)) * 1000) for m in
             (re.match(r'(\d+) chat/run +([\d.]+)s', line) for line in open(run + '/open2k.txt'))
             if m)
# why: a pause belongs to the first second of the series that ends after it
ends = [t['elapsedSeconds'] for t in measured]
pauses = []
for line in open(run + '/gc.log'):
    at = re.search(r'\[(\d{13})ms\]', line)
    pause = re.search(r'Pause Young.* ([\d.]+)ms$', line)
    if at and pause and start <= int(at.group(1)) <= start + 1000 * ends[-1]:
        second = next(i for i, end in enumerate(ends) if end * 1000 >= int(at.group(1)) - start)
        pauses.append('%d:%.1f' % (second, float(pause.group(1))))
try:
    rss = ' | RSS at the end %d MB' % (int(open(run + '/rss-kb.txt').read()) // 1024)
except FileNotFoundError:
    rss = ''
print('%-6s closed loop %5.0f/s | 2,000/s p50 %.3f p99 %.3f p99.9 %.2f ms | per-second p99 median'
      ' %.3f, over 2 ms %d of %d, first two %.1f %.1f | lost %d errors %d | young pauses %s |'
      ' seconds over 2 ms %s' % (
          label, warm['counts']['sent'] / warm['measuredSeconds'], d['p50Ms'], d['p99Ms'],
          d['p999Ms'], statistics.median(seconds), sum(s > 2 for s in seconds), len(seconds),
          seconds[0], seconds[1], c['lost'], c['errors'], ' '.join(pauses),
          ' '.join('%d:%.1f' % (i, s) for i, s in enumerate(seconds) if s > 2)) + rss)
