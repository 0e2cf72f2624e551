#!/usr/bin/env python3
"""One closed-loop run's line for runs.txt: rate, echo p50/p99, lost, errors, server and
generator CPU.

Usage: closed-line.py RESULT_JSON LABEL SERVER_TICKS_BEFORE SERVER_TICKS_AFTER CLK_TCK
"""
import json
import sys

path, label, before, after, tick = sys.argv[1:6]
r = json.load(open(path))
c = r["counts"]
e = r["latency"]["echo"]
print(
    "%s sends/s %.0f echo p50 %.1f p99 %.1f lost %d errors %d server cpu %.1f s generator %.2f"
    % (label, c["sent"] / r["measuredSeconds"], e["p50Ms"], e["p99Ms"], c.get("lost", 0),
       c.get("errors", 0), (float(after) - float(before)) / float(tick),
       r["generator"]["cpuCores"])
)
