#!/usr/bin/env python3
"""CPU time per thread of a running JVM, from /proc, which sees every thread (the JIT's
compiler threads, GC, the carriers of virtual threads) whether or not a profiler samples it.

  threads.py PID > before.tsv           one line per thread: name, thread id, CPU seconds
  threads.py --diff before.tsv after.tsv
                                        CPU spent between the two, summed by name (the name's
                                        trailing digits and dashes dropped, as Linux keeps 15
                                        characters of it), largest first
"""
import collections
import os
import signal
import sys


def snapshot(pid):
    tick = os.sysconf('SC_CLK_TCK')
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            comm = open(f'/proc/{pid}/task/{tid}/comm').read().strip()
            stat = open(f'/proc/{pid}/task/{tid}/stat').read()
        except OSError:
            continue  # the thread ended meanwhile
        fields = stat[stat.rindex(')') + 2:].split()
        name = comm.rstrip('0123456789').rstrip('-# ') or comm
        print(f'{name}\t{tid}\t{(int(fields[11]) + int(fields[12])) / tick}')


def load(path):
    with open(path) as f:
        return {(n, t): float(v) for n, t, v in (line.rstrip('\n').split('\t') for line in f)}


def diff(before_path, after_path):
    before, after = load(before_path), load(after_path)
    by_name = collections.Counter()
    for key, seconds in after.items():
        by_name[key[0]] += seconds - before.get(key, 0.0)
    total = sum(by_name.values())
    print(f'total {total:.2f} s')
    for name, seconds in by_name.most_common():
        if seconds > 0:
            print(f'{seconds:7.2f} s {100 * seconds / total:5.1f} %  {name}')


if __name__ == '__main__':
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # why: quiet when piped into head
    if len(sys.argv) == 4 and sys.argv[1] == '--diff':
        diff(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 2:
        snapshot(sys.argv[1])
    else:
        sys.exit(__doc__)
