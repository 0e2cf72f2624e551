import json, sys, glob, os, re, statistics
# Per scenario across the rounds of a run.sh output folder (each round a subfolder): Dugout's and
# Centrifugo's delivery p50, p99 (and their ratio), p99.9, sends/s (and their ratio), lost, errors,
# the generator's cores; with the peer's timeline in the result (floor.timeline), also the median of
# each side's per-second p99, the seconds whose p99 was over 2 ms and each side's first two seconds.
#   python3 seconds.py OUT_DIR
base = sys.argv[1]
for sc in ('open2k', 'open5k', 'open10k', 'warm'):
    rows = []
    for f in sorted(glob.glob(os.path.join(base, '*', sc + '-1', 'result.json')),
                   key=lambda f: [int(t) if t.isdigit() else t for t in re.split(r'(\d+)', f)]):
        r = json.load(open(f)); L = r['latency']
        a, b = L['delivery'], L['delivery-floor']
        sa = [t['latency']['delivery']['p99Ms'] for t in r['timeline'] if 'delivery' in t['latency']]
        sb = [t['latency']['delivery']['p99Ms'] for t in r['floor'].get('timeline', []) if 'delivery' in t['latency']]
        rows.append((os.path.basename(os.path.dirname(os.path.dirname(f))), a, b, sa, sb, r))
    if not rows: continue
    print('==', sc)
    for name, a, b, sa, sb, r in rows:
        fl = r['floor']
        extra = ''
        if sa and sb:
            extra = ' | per-second p99 median %.3f / %.3f (%.2f), seconds > 2 ms %d / %d of %d / %d, first two %.1f %.1f / %.1f %.1f' % (
                statistics.median(sa), statistics.median(sb), statistics.median(sa)/statistics.median(sb),
                sum(x > 2 for x in sa), sum(x > 2 for x in sb), len(sa), len(sb), sa[0], sa[1], sb[0], sb[1])
        print('%-7s p50 %.3f / %.3f  p99 %.3f / %.3f (%.2f)  p99.9 %.2f / %.2f  sent/s %.0f / %.0f (%.3f) lost %d / %d err %d / %d gen %.2f / %.2f%s' % (
            name, a['p50Ms'], b['p50Ms'], a['p99Ms'], b['p99Ms'], a['p99Ms']/b['p99Ms'], a['p999Ms'], b['p999Ms'],
            fl['ratios']['sent']['dugoutPerSecond'], fl['ratios']['sent']['floorPerSecond'], fl['ratios']['sent']['ratio'],
            r['counts']['lost'], fl['counts']['lost'], r['counts']['errors'], fl['counts']['errors'],
            r['generator']['cpuCores'], fl['generator']['cpuCores'], extra))
    rat = [a['p99Ms']/b['p99Ms'] for _, a, b, _, _, _ in rows]
    print('   median p99 ratio %.2f; Dugout shorter in %d of %d' % (statistics.median(rat), sum(x < 1 for x in rat), len(rat)))
