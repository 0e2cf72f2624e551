package io.dugout.cluster.redis;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@link NotificationFanout} over Redis Pub/Sub: channel {@code dugout:user:{userId}} carries a
 * user's stored notifications to the nodes where the user is connected (each node listens to the
 * channels of its connected users, kept up to date by {@link RedisPresence}), channel {@code
 * dugout:node:{nodeId}:notifications} carries answers to one node.
 *
 * <p>Why a channel per user: Redis then sends each notification only to the nodes that have its
 * user, with no lookup on the writing node, and a node's subscriptions change only when its users
 * come and go. Pub/Sub keeps nothing: a notification published while its node was away from Redis
 * is not delivered live, and its user finds it in the list.
 */
final class RedisNotificationFanout implements NotificationFanout {

  private static final Logger log = LoggerFactory.getLogger(RedisNotificationFanout.class);
  private static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private final StringRedisTemplate redis;
  private final RedisFanout connection;
  private final AtomicLong failures = new AtomicLong();
  private volatile String nodeId;
  private volatile Receiver receiver;
  private volatile long lastWarning;

  private final MessageListener users =
      (message, pattern) -> {
        try {
          var published = JSON.readValue(message.getBody(), Published.class);
          if (!published.nodeId().equals(nodeId)) {
            receiver.published(published.notification());
          }
        } catch (RuntimeException e) {
          failed("a notification", e);
        }
      };

  private final MessageListener answers =
      (message, pattern) -> {
        try {
          receiver.answered(JSON.readValue(message.getBody(), Answer.class));
        } catch (RuntimeException e) {
          failed("a notification answer", e);
        }
      };

  /** Listens on the fanout's Pub/Sub connection. */
  RedisNotificationFanout(StringRedisTemplate redis, RedisFanout connection) {
    this.redis = redis;
    this.connection = connection;
  }

  @Override
  public void start(String nodeId, Receiver receiver) {
    this.nodeId = nodeId;
    this.receiver = receiver;
    connection.listen(answerChannel(nodeId), answers);
  }

  @Override
  public void publish(Notification notification) {
    send(
        userChannel(notification.userId()),
        JSON.writeValueAsString(new Published(nodeId, notification)),
        "a notification");
  }

  @Override
  public void answer(String nodeId, Answer answer) {
    send(answerChannel(nodeId), JSON.writeValueAsString(answer), "a notification answer");
  }

  /** Starts receiving the user's notifications; false when that failed for now. */
  boolean follow(String userId) {
    try {
      connection.container().addMessageListener(users, new ChannelTopic(userChannel(userId)));
      return true;
    } catch (RuntimeException e) {
      failed("a user subscription", e);
      return false;
    }
  }

  void unfollow(String userId) {
    try {
      connection.container().removeMessageListener(users, new ChannelTopic(userChannel(userId)));
    } catch (RuntimeException e) {
      failed("a user unsubscription", e);
    }
  }

  long failures() {
    return failures.get();
  }

  static String userChannel(String userId) {
    return "dugout:user:" + userId;
  }

  static String answerChannel(String nodeId) {
    return "dugout:node:" + nodeId + ":notifications";
  }

  private void send(String channel, String json, String what) {
    try {
      redis.convertAndSend(channel, json);
    } catch (RuntimeException e) {
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

  /** A notification on a user's channel, with the node that stored it. */
  record Published(String nodeId, Notification notification) {}
}
