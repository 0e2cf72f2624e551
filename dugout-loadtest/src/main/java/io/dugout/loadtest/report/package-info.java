/**
 * Measurement and reporting: HdrHistogram latency series, counters, the live progress line, the
 * final aggregate table, and the JSON and self-contained HTML reports.
 */
package io.dugout.loadtest.report;
