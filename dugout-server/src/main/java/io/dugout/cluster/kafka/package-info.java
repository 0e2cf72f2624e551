/**
 * Cluster mode's sequencer on Kafka: every send goes to one topic keyed by room id; the member of
 * the consumer group that owns a room's partition gives each message its seq and stores it, and
 * each node delivers its followed rooms live in seq order, filling gaps from the store. See ADR
 * 0007.
 */
package io.dugout.cluster.kafka;
