"""Reads `perf script -F trace` lines of sched:sched_switch events on stdin and prints, for the
threads whose name starts with the argument, what ran next when they left a core: preempted (they
were still runnable) or sleeping (they had nothing to do). Thread numbers are folded into names."""
import collections
import re
import sys

prefix = sys.argv[1]
switch = re.compile(
    r"prev_comm=(.*?) prev_pid=\d+ prev_prio=\d+ prev_state=(\S+) ==> next_comm=(.*?) next_pid")
preempted, slept = collections.Counter(), collections.Counter()
for line in sys.stdin:
    m = switch.search(line)
    if not m or not m.group(1).startswith(prefix):
        continue
    following = m.group(3).rstrip("0123456789/-")
    (preempted if m.group(2).startswith("R") else slept)[following] += 1
print("%s threads preempted (still runnable), by what ran next: %d" % (prefix, sum(preempted.values())))
for name, count in preempted.most_common(8):
    print("  %-32s %d" % (name, count))
print("%s threads going to sleep, by what ran next: %d" % (prefix, sum(slept.values())))
for name, count in slept.most_common(5):
    print("  %-32s %d" % (name, count))
