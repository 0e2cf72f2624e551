package io.dugout.cluster.redis;

import io.dugout.system.RecordCreators;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Channels of Redis Pub/Sub as a fanout uses them: JSON published on a channel, and listeners on
 * this node's Pub/Sub connection for the channels it follows while someone here wants them.
 *
 * <p>At most once: a publish, a subscription or a received message that fails is lost, counted and
 * logged (at most one warning in 30 s); the fanout's receivers make up for it (from the store, or
 * an asker's timeout). Each fanout keeps a count of its own, on the one connection.
 */
final class RedisChannels {

  private static final Logger log = LoggerFactory.getLogger(RedisChannels.class);

  private static final JsonMapper JSON = RecordCreators.lenientMapper();

  private static final int LISTEN_ATTEMPTS = 20;

  private final StringRedisTemplate redis;
  private final RedisMessageListenerContainer container;
  private final AtomicLong failures = new AtomicLong();
  private volatile long lastWarning;

  RedisChannels(StringRedisTemplate redis, RedisMessageListenerContainer container) {
    this.redis = redis;
    this.container = container;
  }

  /** A listener that reads each message as JSON of {@code type} and hands it to the receiver. */
  <T> MessageListener reading(Class<T> type, Consumer<T> receiver, String what) {
    return (message, pattern) -> {
      try {
        receiver.accept(JSON.readValue(message.getBody(), type));
      } catch (RuntimeException e) {
        lost(what, e);
      }
    };
  }

  /** Publishes the value as JSON. */
  void publish(String channel, Object value, String what) {
    String json = JSON.writeValueAsString(value);
    try {
      redis.convertAndSend(channel, json);
    } catch (RuntimeException e) {
      // why: at most once by contract; receivers fill gaps from the store, askers time out
      lost(what, e);
    }
  }

  /** Starts receiving the channel; false when that failed for now. */
  boolean follow(String channel, MessageListener listener, String what) {
    try {
      container.addMessageListener(listener, new ChannelTopic(channel));
      return true;
    } catch (RuntimeException e) {
      lost(what, e);
      return false;
    }
  }

  /** Stops receiving the channel. */
  void unfollow(String channel, MessageListener listener) {
    container.removeMessageListener(listener, new ChannelTopic(channel));
  }

  /**
   * Receives another channel on the same connection, trying a few times: a node that cannot hear
   * its answers could store sends but never confirm one, so it had better not start.
   */
  void listen(String channel, MessageListener listener) {
    for (int attempt = 1; ; attempt++) {
      try {
        container.addMessageListener(listener, new ChannelTopic(channel));
        return;
      } catch (RuntimeException e) {
        if (attempt == LISTEN_ATTEMPTS) {
          throw new IllegalStateException("cannot subscribe to Redis channel " + channel, e);
        }
        log.warn("Subscribing to Redis channel {} failed, trying again: {}", channel, e.toString());
        try {
          Thread.sleep(500);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while subscribing to " + channel, e);
        }
      }
    }
  }

  /** The Pub/Sub connection, for channels with a count of their own. */
  RedisMessageListenerContainer container() {
    return container;
  }

  /** How many publishes, subscriptions and received messages were lost. */
  long failures() {
    return failures.get();
  }

  void lost(String what, RuntimeException e) {
    failures.incrementAndGet();
    long now = System.currentTimeMillis();
    if (now - lastWarning > 30_000) {
      lastWarning = now;
      log.warn("Redis Pub/Sub: {} was lost ({}); more within 30 s not logged", what, e.toString());
    }
  }
}
