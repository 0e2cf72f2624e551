/**
 * The Redis adapters of a cluster: for now the recent-history cache, a sorted set of each room's
 * newest messages that Redis may lose at any time without changing an answer. Uses Spring Boot's
 * Lettuce connection ({@code spring.data.redis.*}). Selected with {@code dugout.cache.type=redis};
 * off otherwise, and then it never connects.
 */
package io.dugout.cluster.redis;
