#!/usr/bin/env python3
"""Per run: the median of the per-second delivery p99 after the first 8 s, beside the whole run's.

Usage: settled-p99.py RUN... (each the load tester's result.json, or the folder holding it)
"""
import json
import statistics
import sys

for run in sys.argv[1:]:
    path = run if run.endswith(".json") else run.rstrip("/") + "/result.json"
    result = json.load(open(path))
    settled = [
        second["latency"]["delivery"]["p99Ms"]
        for second in result["timeline"]
        if second["elapsedSeconds"] > 8 and second["latency"]["delivery"]["samples"] > 0
    ]
    whole = result["latency"]["delivery"]
    print(
        "%-24s settled p99 %7.1f ms (median of %d seconds)  whole-run p50 %6.1f p99 %7.1f ms"
        % (run.rstrip("/").split("/")[-1].removesuffix(".json"), statistics.median(settled), len(settled),
           whole["p50Ms"], whole["p99Ms"])
    )
