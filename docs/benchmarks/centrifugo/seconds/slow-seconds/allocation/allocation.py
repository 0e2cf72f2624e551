# Bytes allocated per SEND at 2,000 sends/s, by the innermost Dugout frame of each allocation's
# stack, from the JSON of allocation.sh's recording. Each new TLAB is counted at its full size
# against the allocation that opened it (JFR's usual estimate: by site it is noisy, in total exact
# to within a TLAB per thread). The window is seconds FROM..TO of the recording, inside the measured
# run; the rate is 2,000 sends/s.
#   python3 allocation.py RECORDING.json FROM TO TOP
import collections, json, sys
from datetime import datetime

events = json.load(open(sys.argv[1]))['recording']['events']
start, end, top = float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])


def at(event):
    return datetime.fromisoformat(event['values']['startTime']).timestamp()


first = min(at(e) for e in events)
sites, total = collections.Counter(), 0
for event in events:
    if not start <= at(event) - first < end:
        continue
    values = event['values']
    size = values.get('tlabSize') or values.get('allocationSize')
    total += size
    frames = [f for f in (values.get('stackTrace') or {}).get('frames', [])
              if 'Lambda' not in f['method']['type']['name']]
    own = next((f for f in frames if f['method']['type']['name'].startswith('io/dugout')), None)
    sites['(no Dugout frame)' if own is None else '%s.%s:%s' % (
        own['method']['type']['name'].split('/')[-1], own['method']['name'], own.get('lineNumber'))] += size
sends = (end - start) * 2000
print('%.1f MB/s, %.0f bytes per SEND' % (total / (end - start) / 1e6, total / sends))
for site, size in sites.most_common(top):
    print('%5.1f %% %6.0f B  %s' % (100 * size / total, size / sends, site))
