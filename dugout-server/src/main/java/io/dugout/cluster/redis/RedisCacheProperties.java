package io.dugout.cluster.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the Redis history cache keeps rooms ({@code dugout.cache.redis.*}); the connection itself is
 * Spring Boot's {@code spring.data.redis.*}.
 *
 * @param messagesPerRoom the newest messages kept per room; a history page is served from Redis
 *     only when it lies wholly inside them
 * @param ttl how long a room's cached messages live after its last write
 */
@ConfigurationProperties("dugout.cache.redis")
record RedisCacheProperties(
    @DefaultValue("200") int messagesPerRoom, @DefaultValue("1d") Duration ttl) {}
