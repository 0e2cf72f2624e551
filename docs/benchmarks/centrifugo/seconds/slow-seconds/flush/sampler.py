# Every 50 ms until the process ends or SECONDS pass, one JSON line: [epoch ms, [[tid, name, state,
# utime + stime in clock ticks, nice], ...]] for every thread of PID, read from /proc.
#   python3 sampler.py PID OUT SECONDS
import json, os, sys, time

pid, out, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
end = time.time() + seconds
with open(out, 'w') as f:
    while time.time() < end:
        now = time.time()
        try:
            tids = os.listdir('/proc/%s/task' % pid)
        except FileNotFoundError:
            break
        rows = []
        for tid in tids:
            try:
                stat = open('/proc/%s/task/%s/stat' % (pid, tid)).read()
            except OSError:
                continue
            close = stat.rindex(')')
            fields = stat[close + 2:].split()
            # after the name: state is field 3 of proc(5), utime 14, stime 15, nice 19
            rows.append([tid, stat[stat.index('(') + 1:close], fields[0],
                         int(fields[11]) + int(fields[12]), int(fields[16])])
        f.write(json.dumps([round(now * 1000), rows]) + '\n')
        time.sleep(max(0, 0.05 - (time.time() - now)))
