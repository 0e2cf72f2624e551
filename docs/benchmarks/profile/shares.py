#!/usr/bin/env python3
"""Shares of a JFR recording's CPU-time samples.

  shares.py REC.jfr [--within FRAME] NAME...

Reads the jdk.CPUTimeSample stacks (with `jfr`, from the JDK on PATH), keeps the samples whose
stack holds FRAME (a substring of a frame, e.g. Http11Processor.service for HTTP requests; all
samples when not given), and prints for each NAME the share of the kept samples whose stack holds
it, then the ten most frequent innermost frames of the kept samples.
"""
import collections
import re
import subprocess
import sys

EVENT = "jdk.CPUTimeSample"
FRAME = re.compile(r"^([\w$.<>/]+)\(.*\)\s+line:")


def stacks(recording):
    printed = subprocess.run(
        ["jfr", "print", "--events", EVENT, "--stack-depth", "300", recording],
        capture_output=True, text=True, check=True).stdout
    samples, current = [], None
    for line in printed.splitlines():
        line = line.strip()
        if line.startswith(EVENT):
            current = []
            samples.append(current)
        elif current is not None:
            frame = FRAME.match(line)
            if frame:
                current.append(frame.group(1))
    return samples


def main(args):
    within = None
    if len(args) > 2 and args[1] == "--within":
        within = args[2]
        args = args[:1] + args[3:]
    samples = stacks(args[0])
    kept = [s for s in samples if within is None or any(within in f for f in s)]
    print(f"{len(samples)} samples, {len(kept)} kept" + (f" (holding {within})" if within else ""))
    for name in args[1:]:
        holding = sum(1 for s in kept if any(name in f for f in s))
        print(f"{100 * holding / max(1, len(kept)):5.1f} %  {name}")
    print("innermost frames:")
    for frame, count in collections.Counter(s[0] for s in kept if s).most_common(10):
        print(f"{100 * count / max(1, len(kept)):5.1f} %  {frame}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
