/**
 * The Redis adapters: the recent-history cache ({@code dugout.cache.type=redis}), a sorted set of
 * each room's newest messages that Redis may lose at any time without changing an answer; and in
 * cluster mode the fan-out between nodes over Pub/Sub (messages, answers, room events,
 * notifications), shared presence and the shared send rate limit. Uses Spring Boot's Lettuce
 * connection ({@code spring.data.redis.*}); off otherwise, and then it never connects. Redis holds
 * only what can be rebuilt or done without: a node starts and serves while Redis is away, reports
 * it once ({@link io.dugout.system.BackendOutage}) and uses Redis again once it answers ({@link
 * io.dugout.cluster.redis.RedisRecovery}).
 */
package io.dugout.cluster.redis;
