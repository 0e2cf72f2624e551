package io.dugout.cluster.redis;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import io.dugout.room.RoomCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.springframework.data.redis.connection.MessageListener;

/**
 * The {@link NotificationFanout} over Redis Pub/Sub: channel {@code dugout:user:{userId}} carries a
 * user's stored notifications to the nodes where the user is connected (each node listens to the
 * channels of its connected users, kept up to date by {@link RedisPresence}), channel {@code
 * dugout:node:{nodeId}:notifications} carries answers to one node, and channel {@code
 * dugout:user:{userId}:rooms}, a sibling of the user's channel followed with it, carries the user's
 * room counts (each publish: one user's counts of the rooms one batch changed), published only
 * while another node follows it.
 *
 * <p>Why a channel per user: Redis then sends each notification only to the nodes that have its
 * user, with no lookup on the writing node, and a node's subscriptions change only when its users
 * come and go. Pub/Sub keeps nothing: a notification published while its node was away from Redis
 * is not delivered live, and its user finds it in the list; lost room counts are set right by the
 * room's next change, or by the room list a reconnecting client reads. why a sibling channel rather
 * than another kind of message on the user's: a node that does not know counts yet (during a
 * rolling upgrade) never subscribes to it, instead of failing to read them as notifications.
 */
final class RedisNotificationFanout implements NotificationFanout {

  private final RedisChannels channels;
  private volatile String nodeId;
  private volatile Receiver receiver;
  private volatile OwnEcho own;

  /** Tells this node's room counts from the others'; unique per start, like a node's id. */
  private final String self = UUID.randomUUID().toString();

  private volatile Consumer<RoomCounts> countsReceiver = counts -> {};

  /** The users whose rooms channel this node's Pub/Sub connection is subscribed to. */
  private final Set<String> roomsFollowedHere = ConcurrentHashMap.newKeySet();

  private final MessageListener users;
  private final MessageListener answers;
  private final MessageListener rooms;

  /** Listens on the fanout's Pub/Sub connection, with a failure count of its own. */
  RedisNotificationFanout(RedisChannels channels) {
    this.channels = channels;
    this.users =
        OwnEcho.othersOnly(
            () -> own, channels.reading(Published.class, this::published, "a notification"));
    this.answers =
        channels.reading(Answer.class, a -> receiver.answered(a), "a notification answer");
    var counted = new OwnEcho("nodeId", self);
    this.rooms =
        OwnEcho.othersOnly(
            () -> counted, channels.reading(Counts.class, this::counted, "a user's room counts"));
  }

  @Override
  public void start(String nodeId, Receiver receiver) {
    this.nodeId = nodeId;
    this.receiver = receiver;
    this.own = new OwnEcho("nodeId", nodeId);
    channels.listen(answerChannel(nodeId), answers);
  }

  @Override
  public void publish(Notification notification) {
    channels.publish(userChannel(notification.userId()), new Published(nodeId, notification));
  }

  /**
   * One publish per user followed by another node, all in one round trip, after one question to
   * Redis of who follows them ({@link #elsewhere}). why: most of a room's members are connected to
   * the node that counted, or to none; publishing their counts anyway cost a {@code PUBLISH} per
   * member and as many echoes dropped here (8.4 of each per send, 1,000 users in 100 rooms)
   */
  @Override
  public void publishCounts(List<RoomCounts> counts) {
    var byUser = new LinkedHashMap<String, List<RoomCounts>>();
    for (RoomCounts each : counts) {
      byUser.computeIfAbsent(each.userId(), user -> new ArrayList<>()).add(each);
    }
    var channelsOf = new LinkedHashMap<String, String>(byUser.size() * 2);
    byUser.keySet().forEach(user -> channelsOf.put(user, roomsChannel(user)));
    var subscribers = channels.subscribers(channelsOf.values());
    var messages = new ArrayList<Map.Entry<String, Object>>(byUser.size());
    byUser.forEach(
        (user, theirs) -> {
          String channel = channelsOf.get(user);
          if (subscribers == null || elsewhere(user, subscribers.get(channel))) {
            messages.add(Map.entry(channel, new Counts(self, theirs)));
          }
        });
    channels.publishAll(messages);
  }

  /**
   * Whether another node follows the user's rooms channel: it has more subscribers than this node's
   * own subscription. Never too few: a user counts as followed here only from when the subscription
   * was made until before it is undone, so a count that misses this node's subscription still
   * publishes.
   */
  private boolean elsewhere(String user, Long subscribers) {
    long others = subscribers == null ? 1 : subscribers;
    return others > (roomsFollowedHere.contains(user) ? 1 : 0);
  }

  @Override
  public void receiveCounts(Consumer<RoomCounts> receiver) {
    this.countsReceiver = receiver;
  }

  @Override
  public void answer(String nodeId, Answer answer) {
    channels.publish(answerChannel(nodeId), answer);
  }

  /**
   * Starts receiving the user's notifications and room counts; false when either failed for now (a
   * channel already followed is followed again harmlessly).
   */
  boolean follow(String userId) {
    boolean notifications = channels.follow(userChannel(userId), users);
    boolean counts = channels.follow(roomsChannel(userId), rooms);
    if (counts) {
      roomsFollowedHere.add(userId);
    }
    return counts && notifications;
  }

  void unfollow(String userId) {
    roomsFollowedHere.remove(userId);
    channels.unfollow(userChannel(userId), users);
    channels.unfollow(roomsChannel(userId), rooms);
  }

  long failures() {
    return channels.failures();
  }

  static String userChannel(String userId) {
    return "dugout:user:" + userId;
  }

  static String roomsChannel(String userId) {
    return userChannel(userId) + ":rooms";
  }

  static String answerChannel(String nodeId) {
    return "dugout:node:" + nodeId + ":notifications";
  }

  private void published(Published published) {
    if (!published.nodeId().equals(nodeId)) {
      receiver.published(published.notification());
    }
  }

  private void counted(Counts counts) {
    if (!counts.nodeId().equals(self)) {
      counts.counts().forEach(countsReceiver);
    }
  }

  /**
   * A user's room counts on the user's rooms channel, with the node that counted them: first, so
   * that the node drops its own unread ({@link OwnEcho}).
   */
  record Counts(String nodeId, List<RoomCounts> counts) {}

  /** A notification on a user's channel, with the node that stored it (first, as in Counts). */
  record Published(String nodeId, Notification notification) {}
}
