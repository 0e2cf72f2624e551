package io.dugout.cluster.redis;

import io.dugout.room.RoomEvent;
import io.dugout.room.RoomEventFeed;
import io.dugout.system.RecordCreators;
import io.lettuce.core.event.EventBus;
import io.lettuce.core.event.connection.DisconnectedEvent;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.SubscriptionListener;
import reactor.core.Disposable;
import tools.jackson.databind.json.JsonMapper;

/**
 * Carries {@link RoomEvent}s between cluster nodes on the Redis channel {@code dugout:room-events}:
 * each node publishes the events of its own changes and republishes the other nodes' events to its
 * own listeners, so a join, a leave, a mute, a moderator's change, a moved read marker or a typist
 * reaches subscribers on every node, and a removed member's subscriptions end everywhere.
 *
 * <p>At most once, like all of Pub/Sub: a node disconnected from Redis misses events, and events
 * published while Redis is away are lost, counted with the fanout's (see {@code docs/deploy.md}).
 * Received events are republished one at a time, in arrival order, on one thread of their own,
 * since their listeners may read the store.
 *
 * <p>As a {@link RoomEventFeed}: deaf while Redis is away or the channel is not subscribed; a new
 * epoch at every confirmed (re)subscription of the channel and at every dropped Redis connection
 * ({@link #interrupted}), as Lettuce resubscribes after reconnecting and events published between
 * are lost.
 */
final class RedisRoomEvents implements MessageListener, SubscriptionListener, RoomEventFeed {

  static final String CHANNEL = "dugout:room-events";

  private static final Logger log = LoggerFactory.getLogger(RedisRoomEvents.class);
  private static final JsonMapper JSON = RecordCreators.lenientMapper();

  /** Set while a received event is republished here, so it is not sent back out. */
  private static final ThreadLocal<Boolean> REPUBLISHING = new ThreadLocal<>();

  /** Tells this node's events from the others'; unique per start, like a node's id. */
  private final String nodeId = UUID.randomUUID().toString();

  private final RedisChannels channels;
  private final ApplicationEventPublisher events;
  private final AtomicLong epoch = new AtomicLong();
  private volatile Disposable disconnects;
  private final ExecutorService republisher =
      Executors.newSingleThreadExecutor(
          Thread.ofPlatform().name("dugout-room-events").daemon().factory());

  RedisRoomEvents(RedisChannels channels, ApplicationEventPublisher events) {
    this.channels = channels;
    this.events = events;
  }

  @EventListener
  void roomEvent(RoomEvent event) {
    if (REPUBLISHING.get() != null) {
      return;
    }
    var wire =
        switch (event) {
          case RoomEvent.MemberJoined e -> new Wire(nodeId, "joined", e.roomId(), e.userId(), 0);
          case RoomEvent.MemberLeft e -> new Wire(nodeId, "left", e.roomId(), e.userId(), 0);
          case RoomEvent.ReadMarkerMoved e ->
              new Wire(nodeId, "read", e.roomId(), e.userId(), e.seq());
          case RoomEvent.MemberStartedTyping e ->
              new Wire(nodeId, "typing", e.roomId(), e.userId(), 0);
          case RoomEvent.MuteChanged e ->
              new Wire(nodeId, e.muted() ? "muted" : "unmuted", e.roomId(), e.userId(), 0);
          case RoomEvent.ModerationChanged e ->
              new Wire(nodeId, "moderated", e.roomId(), e.userId(), 0);
        };
    if (!channels.publish(CHANNEL, wire) && !channels.away()) {
      // why: Redis answered but refused it (a missing permission, say), which no outage line
      // covers: other nodes miss this join, read marker or removal until their next check
      log.warn("Redis Pub/Sub: a room event of room {} was lost (refused)", event.roomId());
    }
  }

  @Override
  public void onMessage(org.springframework.data.redis.connection.Message message, byte[] pattern) {
    Wire wire;
    try {
      wire = JSON.readValue(message.getBody(), Wire.class);
    } catch (RuntimeException e) {
      log.warn("Redis Pub/Sub: unreadable room event skipped ({})", e.toString());
      return;
    }
    if (nodeId.equals(wire.nodeId())) {
      return;
    }
    RoomEvent event =
        switch (wire.type()) {
          case "joined" -> new RoomEvent.MemberJoined(wire.roomId(), wire.userId());
          case "left" -> new RoomEvent.MemberLeft(wire.roomId(), wire.userId());
          case "read" -> new RoomEvent.ReadMarkerMoved(wire.roomId(), wire.userId(), wire.seq());
          case "typing" -> new RoomEvent.MemberStartedTyping(wire.roomId(), wire.userId());
          case "muted" -> new RoomEvent.MuteChanged(wire.roomId(), wire.userId(), true);
          case "unmuted" -> new RoomEvent.MuteChanged(wire.roomId(), wire.userId(), false);
          case "moderated" -> new RoomEvent.ModerationChanged(wire.roomId(), wire.userId());
          default -> null; // why: a newer node's event this node does not know yet
        };
    if (event != null) {
      republisher.execute(() -> republish(event));
    }
  }

  @Override
  public long epoch() {
    return channels.away() || !channels.hears(CHANNEL) ? DEAF : epoch.get();
  }

  @Override
  public void onChannelSubscribed(byte[] channel, long count) {
    epoch.incrementAndGet();
  }

  @Override
  public void onChannelUnsubscribed(byte[] channel, long count) {
    epoch.incrementAndGet();
  }

  /** A Redis connection dropped: events may be lost until the channel is subscribed again. */
  void interrupted() {
    epoch.incrementAndGet();
  }

  /** Counts every connection that Lettuce reports dropped as an {@link #interrupted} feed. */
  void watch(EventBus lettuce) {
    disconnects =
        lettuce.get().filter(DisconnectedEvent.class::isInstance).subscribe(e -> interrupted());
  }

  void close() {
    var watching = disconnects;
    if (watching != null) {
      watching.dispose();
    }
    republisher.shutdownNow();
  }

  private void republish(RoomEvent event) {
    REPUBLISHING.set(Boolean.TRUE);
    try {
      events.publishEvent(event);
    } catch (RuntimeException e) {
      log.warn("A room event from another node failed here: {}", e.toString());
    } finally {
      REPUBLISHING.remove();
    }
  }

  /** A room event on the wire, with the node it happened on. */
  record Wire(String nodeId, String type, String roomId, String userId, long seq) {}
}
