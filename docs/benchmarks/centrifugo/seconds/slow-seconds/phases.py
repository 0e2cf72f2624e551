# The young pauses inside a run's measured 30 s at 2,000 sends/s, from a GC log written with
# -Xlog:gc*=debug and the uptime,timemillis decorators (ab.sh with that option, as in phases/): per
# pause its length, the bytes G1 copied into survivor space and into the old generation, the cards
# of old objects it scanned, and its workers' shortest and longest time at root scanning, card
# scanning and copying.
#   python3 phases.py GC_DEBUG_LOG(.gz) RUN_DIR
import gzip, re, sys

log, run = sys.argv[1], sys.argv[2]
start = next(int(m.group(1)) - int(float(m.group(2)) * 1000) for m in
             (re.match(r'(\d+) chat/run +([\d.]+)s', line) for line in open(run + '/open2k.txt'))
             if m)
pauses = {}
for line in (gzip.open(log, 'rt') if log.endswith('.gz') else open(log)):
    at, gc = re.search(r'\[(\d{13})ms\]', line), re.search(r'GC\((\d+)\)', line)
    if not (at and gc):
        continue
    p = pauses.setdefault(int(gc.group(1)), {'at': int(at.group(1))})
    for space in ('Young', 'Old'):
        m = re.search(space + r' PLAB allocation: .* used: (\d+)B', line)
        if m:
            p[space] = int(m.group(1))
    for phase in ('Ext Root Scanning', 'Scan Heap Roots', 'Object Copy'):
        m = re.search(phase + r' \(ms\): +Min: ([\d.]+), Avg: [\d.]+, Max: ([\d.]+)', line)
        if m:
            p[phase] = '%s – %s' % (m.group(1), m.group(2))
    m = re.search(r'Scanned Cards: .* Sum: (\d+)', line)
    if m:
        p['cards'] = int(m.group(1))
    m = re.search(r'Pause Young.* ([\d.]+)ms$', line)
    if m:
        p['pause'] = float(m.group(1))
for gc, p in sorted(pauses.items()):
    if 'pause' in p and start <= p['at'] <= start + 31000:
        print('GC(%d) second %d: %.1f ms, copied %.2f MB to survivors and %.2f MB to old, %d cards |'
              ' root scanning %s, card scanning %s, copying %s ms' % (
                  gc, (p['at'] - start) // 1000, p['pause'], p.get('Young', 0) / 1e6,
                  p.get('Old', 0) / 1e6, p.get('cards', 0), p.get('Ext Root Scanning'),
                  p.get('Scan Heap Roots'), p.get('Object Copy')))
