package io.dugout.cluster.redis;

import io.dugout.auth.UserAccessChanged;
import io.dugout.system.RecordCreators;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.data.redis.connection.MessageListener;
import tools.jackson.databind.json.JsonMapper;

/**
 * Carries {@link UserAccessChanged} (a ban or unban) between cluster nodes on the Redis channel
 * {@code dugout:access-events}, so that every node forgets its cached answer for the user and ends
 * a banned user's sessions at once.
 *
 * <p>At most once, like all of Pub/Sub: a node that misses a change reads the ban store again
 * within {@code dugout.bans.cache-ttl}, which bounds how stale it can be. Received changes are
 * republished in arrival order on one thread of their own.
 */
final class RedisAccessEvents implements MessageListener {

  static final String CHANNEL = "dugout:access-events";

  private static final Logger log = LoggerFactory.getLogger(RedisAccessEvents.class);
  private static final JsonMapper JSON = RecordCreators.lenientMapper();
  private static final ThreadLocal<Boolean> REPUBLISHING = new ThreadLocal<>();

  private final String nodeId = UUID.randomUUID().toString();
  private final RedisChannels channels;
  private final ApplicationEventPublisher events;
  private final ExecutorService republisher =
      Executors.newSingleThreadExecutor(
          Thread.ofPlatform().name("dugout-access-events").daemon().factory());

  RedisAccessEvents(RedisChannels channels, ApplicationEventPublisher events) {
    this.channels = channels;
    this.events = events;
  }

  @EventListener
  void accessChanged(UserAccessChanged change) {
    if (REPUBLISHING.get() != null) {
      return;
    }
    var wire = new Wire(nodeId, change.userId(), change.revoked());
    if (!channels.publish(CHANNEL, wire) && !channels.away()) {
      log.warn("Redis Pub/Sub: the access change of {} was lost (refused)", change.userId());
    }
  }

  @Override
  public void onMessage(org.springframework.data.redis.connection.Message message, byte[] pattern) {
    Wire wire;
    try {
      wire = JSON.readValue(message.getBody(), Wire.class);
    } catch (RuntimeException e) {
      log.warn("Redis Pub/Sub: unreadable access change skipped ({})", e.toString());
      return;
    }
    if (nodeId.equals(wire.nodeId()) || wire.userId() == null) {
      return;
    }
    republisher.execute(() -> republish(new UserAccessChanged(wire.userId(), wire.revoked())));
  }

  void close() {
    republisher.shutdownNow();
  }

  private void republish(UserAccessChanged change) {
    REPUBLISHING.set(Boolean.TRUE);
    try {
      events.publishEvent(change);
    } catch (RuntimeException e) {
      log.warn("An access change from another node failed here: {}", e.toString());
    } finally {
      REPUBLISHING.remove();
    }
  }

  /** An access change on the wire, with the node it happened on. */
  record Wire(String nodeId, String userId, boolean revoked) {}
}
