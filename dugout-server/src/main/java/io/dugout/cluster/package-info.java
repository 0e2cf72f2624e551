/**
 * Cluster adapters, one technology per package: {@code redis} (history cache, fan-out between
 * nodes, presence, the shared send rate limit) and {@code kafka} (the sequencer and the
 * notification writer). A node in embedded mode uses none of them.
 */
package io.dugout.cluster;
