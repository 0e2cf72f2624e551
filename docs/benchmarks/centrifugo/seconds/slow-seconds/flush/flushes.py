# One run of alone.sh: the 10,000 sends/s run's delivery percentiles, then each second of its
# per-second series (second N = entry N of the series in result.json) with its delivery p99 and
# what happened in the server during it: young pauses ("Young 4.2" ms), safepoints over 2 ms other
# than those pauses' own, and RocksDB memtable flushes ("FLUSH(family, wall ms, cpu ms)", from
# flush_started to the end of the flush as RocksDB's LOG gives them). The first line sums it up: the
# slowest second and whether it fell during a flush or in the second after one, how many seconds
# had a p99 over 100 ms and how many of those fell there.
#   python3 flushes.py RUN_DIR
import json, re, sys

run = sys.argv[1]
r = json.load(open(run + '/open10k/result.json'))
d, c = r['latency']['delivery'], r['counts']
measured = [t for t in r['timeline'] if 'delivery' in t['latency']]
ends = [t['elapsedSeconds'] for t in measured]
# the measured run's start: its first console line, stamped, less the run time it prints
start = next(int(m.group(1)) - int(float(m.group(2)) * 1000) for m in
             (re.match(r'(\d+) chat/run +([\d.]+)s', line) for line in open(run + '/open10k.txt'))
             if m)


def seconds_between(begin, end):
    """The seconds of the series that overlap [begin, end], epoch ms."""
    return [i for i, e in enumerate(ends)
            if begin <= start + 1000 * e and end >= start + 1000 * (ends[i - 1] if i else 0)]


events = {}
for line in open(run + '/gc.log'):
    at = re.search(r'\[(\d{13})ms\]', line)
    pause = re.search(r'Pause Young.* ([\d.]+)ms$', line)
    safepoint = re.search(r'Safepoint "(\w+)".*Total: (\d+) ns', line)
    if not at:
        continue
    for second in seconds_between(int(at.group(1)), int(at.group(1))):
        if pause:
            events.setdefault(second, []).append('Young %.1f' % float(pause.group(1)))
        elif safepoint and int(safepoint.group(2)) > 2e6 and 'G1' not in safepoint.group(1):
            events.setdefault(second, []).append(
                'safepoint %s %.1f' % (safepoint.group(1), int(safepoint.group(2)) / 1e6))
flushes = 0
near_flush = set()
begun = None
for line in open(run + '/rocksdb.LOG'):
    started = re.search(r'"time_micros": (\d+), "job": \d+, "event": "flush_started"', line)
    lasted = re.search(r'\[(\w+)\] \[JOB \d+\] Flush lasted (\d+) microseconds, and (\d+) cpu',
                       line)
    if started:
        begun = int(started.group(1)) // 1000
    elif lasted and begun is not None:
        inside = seconds_between(begun, begun + int(lasted.group(2)) // 1000)
        flushes += bool(inside)
        # why: what backed up during a flush is delivered late in the second after it too
        near_flush.update(inside + [inside[-1] + 1] if inside else [])
        for second in inside:
            events.setdefault(second, []).append('FLUSH(%s, %d ms, cpu %d ms)' % (
                lasted.group(1), int(lasted.group(2)) // 1000, int(lasted.group(3)) // 1000))
p99s = [t['latency']['delivery']['p99Ms'] for t in measured]
slow = [i for i, p in enumerate(p99s) if p > 100]
worst = max(range(len(p99s)), key=lambda i: p99s[i])
print('%-8s 10,000/s p50 %.1f p99 %.1f p99.9 %.1f ms | lost %d errors %d | slowest second %.0f ms,'
      ' %s | seconds over 100 ms %s'
      ' | of them during a flush or the second after %d | flushes in the run %d' % (
          run.rstrip('/').split('/')[-1], d['p50Ms'], d['p99Ms'], d['p999Ms'], c['lost'],
          c['errors'], p99s[worst], 'near a flush' if worst in near_flush else 'no flush near',
          len(slow), len(near_flush.intersection(slow)),
          flushes))
for i, p99 in enumerate(p99s):
    print('%3d %7.1f  %s' % (i, p99, ' '.join(events.get(i, []))))
