package io.dugout.cluster.redis;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import org.springframework.data.redis.connection.MessageListener;

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

  private final RedisChannels channels;
  private volatile String nodeId;
  private volatile Receiver receiver;

  private final MessageListener users;
  private final MessageListener answers;

  /** Listens on the fanout's Pub/Sub connection, with a failure count of its own. */
  RedisNotificationFanout(RedisChannels channels) {
    this.channels = channels;
    this.users = channels.reading(Published.class, this::published, "a notification");
    this.answers =
        channels.reading(Answer.class, a -> receiver.answered(a), "a notification answer");
  }

  @Override
  public void start(String nodeId, Receiver receiver) {
    this.nodeId = nodeId;
    this.receiver = receiver;
    channels.listen(answerChannel(nodeId), answers);
  }

  @Override
  public void publish(Notification notification) {
    channels.publish(userChannel(notification.userId()), new Published(nodeId, notification));
  }

  @Override
  public void answer(String nodeId, Answer answer) {
    channels.publish(answerChannel(nodeId), answer);
  }

  /** Starts receiving the user's notifications; false when that failed for now. */
  boolean follow(String userId) {
    return channels.follow(userChannel(userId), users);
  }

  void unfollow(String userId) {
    channels.unfollow(userChannel(userId), users);
  }

  long failures() {
    return channels.failures();
  }

  static String userChannel(String userId) {
    return "dugout:user:" + userId;
  }

  static String answerChannel(String nodeId) {
    return "dugout:node:" + nodeId + ":notifications";
  }

  private void published(Published published) {
    if (!published.nodeId().equals(nodeId)) {
      receiver.published(published.notification());
    }
  }

  /** A notification on a user's channel, with the node that stored it. */
  record Published(String nodeId, Notification notification) {}
}
