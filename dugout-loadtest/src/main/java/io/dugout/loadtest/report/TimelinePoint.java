package io.dugout.loadtest.report;

import java.util.Map;

/**
 * One second of a run: cumulative counters, per-second rates, the generator's CPU (in cores) and
 * per-series latency of that second.
 */
public record TimelinePoint(
    double elapsedSeconds,
    int connections,
    long sent,
    long received,
    long errors,
    double sentPerSecond,
    double receivedPerSecond,
    double errorsPerSecond,
    double cpuCores,
    Map<String, SeriesSummary> latency) {}
