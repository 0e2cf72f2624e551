package io.dugout.cluster.redis;

import io.dugout.message.Fanout;
import io.dugout.message.Message;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@link Fanout} over Redis Pub/Sub: channel {@code dugout:room:{roomId}} carries a room's
 * stored messages to the nodes subscribed to it (those with live readers of the room), channel
 * {@code dugout:node:{nodeId}} carries answers to one node.
 *
 * <p>Pub/Sub keeps nothing: a node that is disconnected, even for a moment, misses what was
 * published meanwhile; the receiver's periodic comparison with the store finds it. Messages reach
 * the receiver on the container's thread, in the order Redis delivered them.
 */
final class RedisFanout implements Fanout {

  private static final Logger log = LoggerFactory.getLogger(RedisFanout.class);

  private static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private static final int LISTEN_ATTEMPTS = 20;

  private final StringRedisTemplate redis;
  private final RedisMessageListenerContainer container;
  private final AtomicLong failures = new AtomicLong();
  private volatile Receiver receiver;
  private volatile long lastWarning;

  private final MessageListener rooms =
      (message, pattern) -> {
        try {
          receiver.published(JSON.readValue(message.getBody(), Message.class));
        } catch (RuntimeException e) {
          failed("a room message", e);
        }
      };

  private final MessageListener answers =
      (message, pattern) -> {
        try {
          receiver.answered(JSON.readValue(message.getBody(), Answer.class));
        } catch (RuntimeException e) {
          failed("an answer", e);
        }
      };

  RedisFanout(StringRedisTemplate redis, RedisMessageListenerContainer container) {
    this.redis = redis;
    this.container = container;
  }

  @Override
  public void start(String nodeId, Receiver receiver) {
    this.receiver = receiver;
    listen(nodeChannel(nodeId), answers);
  }

  @Override
  public void publish(Message message) {
    send(roomChannel(message.roomId()), JSON.writeValueAsString(message), "a room message");
  }

  @Override
  public void answer(String nodeId, Answer answer) {
    send(nodeChannel(nodeId), JSON.writeValueAsString(answer), "an answer");
  }

  @Override
  public boolean follow(String roomId) {
    try {
      container.addMessageListener(rooms, new ChannelTopic(roomChannel(roomId)));
      return true;
    } catch (RuntimeException e) {
      failed("a room subscription", e);
      return false;
    }
  }

  @Override
  public void unfollow(String roomId) {
    container.removeMessageListener(rooms, new ChannelTopic(roomChannel(roomId)));
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

  /** The Pub/Sub connection, shared with the notification fanout. */
  RedisMessageListenerContainer container() {
    return container;
  }

  void close() {
    try {
      container.destroy();
    } catch (Exception e) {
      log.warn("Closing the Redis Pub/Sub connection failed: {}", e.toString());
    }
  }

  long failures() {
    return failures.get();
  }

  static String roomChannel(String roomId) {
    return "dugout:room:" + roomId;
  }

  static String nodeChannel(String nodeId) {
    return "dugout:node:" + nodeId;
  }

  private void send(String channel, String json, String what) {
    try {
      redis.convertAndSend(channel, json);
    } catch (RuntimeException e) {
      // why: at most once by contract; receivers fill gaps from the store, askers time out
      failed(what, e);
    }
  }

  private void failed(String what, RuntimeException e) {
    failures.incrementAndGet();
    long now = System.currentTimeMillis();
    if (now - lastWarning > 30_000) {
      lastWarning = now;
      log.warn("Redis Pub/Sub: {} was lost ({}); more within 30 s not logged", what, e.toString());
    }
  }
}
