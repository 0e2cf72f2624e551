package io.dugout.realtime;

import io.dugout.auth.Caller;
import io.dugout.message.Message;
import io.dugout.message.MessageJson;
import io.dugout.message.MessageListener;
import io.dugout.realtime.stomp.StompFrames;
import io.dugout.room.RoomEvent;
import io.dugout.room.RoomService;
import io.dugout.system.DugoutException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Client outbound: turns stored messages and room events into MESSAGE frames for the room's
 * subscribers on this node. A frame's body is encoded once and shared by all its receivers.
 */
@Component
class RoomBroadcaster implements MessageListener {

  private static final byte[] TYPED_HEAD = MessageJson.typedHead(RealtimeBodies.MessageBody.TYPE);
  private static final byte[] NO_HEAD = new byte[0];

  private final Subscriptions subscriptions;
  private final JsonMapper json;
  // why: RoomService posts through MessageService, which calls this listener; resolve it late
  private final ObjectProvider<RoomService> rooms;
  private final ApplicationEventPublisher events;
  private final AtomicLong eventIds = new AtomicLong();

  RoomBroadcaster(
      Subscriptions subscriptions,
      JsonMapper json,
      ObjectProvider<RoomService> rooms,
      ApplicationEventPublisher events) {
    this.subscriptions = subscriptions;
    this.json = json;
    this.rooms = rooms;
    this.events = events;
  }

  /** Called in seq order per room, inside the room's lane: only queues, never blocks. */
  @Override
  public void messagePosted(Message message) {
    messagePosted(message, null);
  }

  @Override
  public void messagePosted(Message message, byte[] json) {
    var subscribers = subscriptions.ofRoom(message.roomId());
    if (subscribers.isEmpty()) {
      return;
    }
    var parts = frameOf(message, json, System.nanoTime());
    for (Subscription subscription : subscribers) {
      subscription.deliver(parts);
    }
  }

  @Override
  public boolean follows(String roomId) {
    return !subscriptions.ofRoom(roomId).isEmpty();
  }

  /** The MESSAGE frame of a stored message on its room topic. */
  StompFrames.MessageParts frameOf(Message message) {
    return frameOf(message, null, 0);
  }

  /**
   * The MESSAGE frame of a stored message, its body made from the message's {@link MessageJson}
   * when given, stamped with {@code storedAtNanos} (0: not stamped).
   */
  private StompFrames.MessageParts frameOf(
      Message message, byte[] messageJson, long storedAtNanos) {
    String destination = Destinations.topic(message.roomId());
    String messageId = message.roomId() + "-" + message.seq();
    if (messageJson != null) {
      return StompFrames.message(
          destination, messageId, TYPED_HEAD, messageJson, MessageJson.FIELDS_FROM, storedAtNanos);
    }
    byte[] body = json.writeValueAsBytes(RealtimeBodies.MessageBody.of(message));
    return StompFrames.message(destination, messageId, NO_HEAD, body, 0, storedAtNanos);
  }

  @EventListener
  void roomEvent(RoomEvent event) {
    switch (event) {
      case RoomEvent.MemberJoined joined -> {
        toRoom(
            joined.roomId(),
            new RealtimeBodies.MemberBody("member.joined", joined.roomId(), joined.userId()));
        toUserJoined(joined);
      }
      case RoomEvent.MemberLeft left -> {
        toRoom(
            left.roomId(),
            new RealtimeBodies.MemberBody("member.left", left.roomId(), left.userId()));
        dropSubscriptions(left);
        toUser(
            left.userId(),
            Destinations.ROOMS,
            new RealtimeBodies.RoomLeftBody("room.left", left.roomId()));
      }
      case RoomEvent.MuteChanged muted -> {
        // why: a member's mute is the member's own business, not the room's
      }
      case RoomEvent.ModerationChanged moderated -> {
        // why: the room hears of it from the action's SYSTEM message
      }
      case RoomEvent.ReadMarkerMoved read ->
          toRoom(
              read.roomId(),
              new RealtimeBodies.ReadBody("read", read.roomId(), read.userId(), read.seq()));
      case RoomEvent.MemberStartedTyping typing ->
          toRoom(
              typing.roomId(),
              new RealtimeBodies.MemberBody("typing", typing.roomId(), typing.userId()));
    }
  }

  /** Tells the room's subscribers, on this node and (in a cluster) on the others, of a typist. */
  void typing(String roomId, String userId) {
    events.publishEvent(new RoomEvent.MemberStartedTyping(roomId, userId));
  }

  /** Sends a body to every subscription of a user's sessions to one of the user's queues. */
  void toUser(String userId, String destination, Object body) {
    toUserQueue(subscriptions.userQueue(userId, destination), destination, body);
  }

  /**
   * Sends a body to some subscriptions to one of a user's queues, found by the caller: encoded
   * once, and not at all when there are none.
   */
  void toUserQueue(List<Subscription> targets, String destination, Object body) {
    if (!targets.isEmpty()) {
      var parts =
          StompFrames.message(
              destination, "e-" + eventIds.incrementAndGet(), json.writeValueAsBytes(body));
      targets.forEach(s -> s.deliver(parts));
    }
  }

  /** Sends a body to one subscription of one session (errors go only where the SEND came from). */
  void toSubscription(Subscription subscription, Object body) {
    subscription.deliver(
        StompFrames.message(
            subscription.destination(),
            "e-" + eventIds.incrementAndGet(),
            json.writeValueAsBytes(body)));
  }

  private void toRoom(String roomId, Object body) {
    var subscribers = subscriptions.ofRoom(roomId);
    if (subscribers.isEmpty()) {
      return;
    }
    var parts =
        StompFrames.message(
            Destinations.topic(roomId),
            "e-" + eventIds.incrementAndGet(),
            json.writeValueAsBytes(body));
    subscribers.forEach(s -> s.deliver(parts));
  }

  private void toUserJoined(RoomEvent.MemberJoined joined) {
    if (subscriptions.userQueue(joined.userId(), Destinations.ROOMS).isEmpty()) {
      return;
    }
    try {
      var room = rooms.getObject().listItem(Caller.user(joined.userId()), joined.roomId());
      toUser(
          joined.userId(),
          Destinations.ROOMS,
          new RealtimeBodies.RoomJoinedBody("room.joined", room));
    } catch (DugoutException e) {
      // why: the user left again before the event was handled; nothing to announce
    }
  }

  /** Membership is enforced on live delivery too: a leaver stops receiving the room. */
  private void dropSubscriptions(RoomEvent.MemberLeft left) {
    for (Subscription subscription : subscriptions.ofRoom(left.roomId())) {
      var caller = subscription.session().caller();
      if (caller != null && !caller.service() && caller.userId().equals(left.userId())) {
        subscriptions.remove(subscription);
      }
    }
  }
}
