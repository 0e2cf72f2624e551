/**
 * Dugout's load-test tool: drives a deployment over its public REST and STOMP API only, and reports
 * latency, throughput, errors, lost deliveries and its own CPU use for each scenario ({@code send},
 * {@code chat}, {@code fanout}, {@code history}).
 */
package io.dugout.loadtest;
