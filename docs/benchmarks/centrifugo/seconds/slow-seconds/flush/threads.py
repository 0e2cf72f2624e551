# What sampler.py saw from FROM_MS to TO_MS (epoch ms), per 200 ms: how many samples found a thread
# in uninterruptible sleep (D) or runnable (R), and the CPU clock ticks (10 ms each) used, by thread
# name with its trailing number dropped (all event loops are one row).
#   python3 threads.py RUN_DIR FROM_MS TO_MS
import collections, json, re, sys

run, start, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
last = {}
buckets = collections.defaultdict(lambda: (collections.Counter(), collections.Counter(),
                                           collections.Counter()))
for line in open(run + '/threads.jsonl'):
    at, rows = json.loads(line)
    for tid, name, state, ticks, *nice in rows:
        group = re.sub(r'[-#]?\d+$', '', name)
        if start <= at <= end:
            waiting, runnable, cpu = buckets[(at - start) // 200]
            waiting[group] += state == 'D'
            runnable[group] += state == 'R'
            if tid in last:
                cpu[group] += ticks - last[tid]
        last[tid] = ticks
for bucket in sorted(buckets):
    waiting, runnable, cpu = buckets[bucket]
    print('%d D %s | R %s | cpu %s' % (
        start + 200 * bucket, dict(+waiting), dict((+runnable).most_common(4)),
        dict((+cpu).most_common(5))))
