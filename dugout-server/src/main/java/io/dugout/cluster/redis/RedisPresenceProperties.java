package io.dugout.cluster.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How cluster nodes share who is connected to them in Redis ({@code dugout.cluster.presence.*}).
 *
 * @param interval how often a node shares changes of its sessions (who is connected, who views
 *     which room) in Redis; another node sees a change at most this much later
 * @param ttl how long what a node shared counts without being shared again (every third of it): a
 *     node that died counts as connected for at most this long
 */
@ConfigurationProperties("dugout.cluster.presence")
record RedisPresenceProperties(
    @DefaultValue("250ms") Duration interval, @DefaultValue("30s") Duration ttl) {}
