"""Where a server's CPU goes, per thread group, from /proc/<pid>/task/*/stat.

  threads.py snap PID FILE    saves every thread's name and user and system clock ticks
  threads.py diff A B         prints each group's CPU between two snapshots, busiest first

A group is a thread name without its trailing number (all carriers of the virtual threads are
one group, all C2 compiler threads another); the kernel truncates names to 15 characters."""
import collections
import json
import os
import re
import sys


def snap(pid):
    threads = {}
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            stat = open(f'/proc/{pid}/task/{tid}/stat').read()
        except FileNotFoundError:
            continue
        name = stat[stat.index('(') + 1:stat.rindex(')')]
        fields = stat[stat.rindex(')') + 2:].split()
        threads[tid] = (name, int(fields[11]), int(fields[12]))
    return threads


def diff(before, after):
    tick = os.sysconf('SC_CLK_TCK')
    groups = collections.defaultdict(lambda: [0, 0])
    for tid, (name, user, system) in after.items():
        user0, system0 = before[tid][1:] if tid in before else (0, 0)
        group = re.sub(r'[#\-]?\d+$', '', name).strip()
        groups[group][0] += user - user0
        groups[group][1] += system - system0
    total = sum(u + s for u, s in groups.values()) or 1
    for group, (user, system) in sorted(groups.items(), key=lambda g: -sum(g[1])):
        if user + system:
            print('%-16s user %6.2f s  system %6.2f s  %5.1f %%' % (
                group, user / tick, system / tick, 100 * (user + system) / total))


if sys.argv[1] == 'snap':
    json.dump(snap(sys.argv[2]), open(sys.argv[3], 'w'))
else:
    diff(json.load(open(sys.argv[2])), json.load(open(sys.argv[3])))
