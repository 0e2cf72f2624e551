package io.dugout.realtime;

import io.dugout.message.MessageService;
import io.dugout.realtime.stomp.StompFrame;
import io.dugout.system.DugoutException;
import org.springframework.stereotype.Component;

/**
 * SUBSCRIBE and UNSUBSCRIBE. A room subscription with {@code since-seq} replays what the client
 * missed, then goes live, with nothing missed or doubled: it is registered inside the room's lane,
 * where the room's last seq L is read; messages after L are held for it while the replay queues
 * (since, L] page by page.
 */
@Component
class SubscribeHandler {

  private static final int REPLAY_PAGE = 500;

  private final MessageService messages;
  private final Subscriptions subscriptions;
  private final RoomBroadcaster broadcaster;
  private final RealtimeProperties properties;
  private final RealtimeMetrics metrics;
  private final ClientReplies replies;

  SubscribeHandler(
      MessageService messages,
      Subscriptions subscriptions,
      RoomBroadcaster broadcaster,
      RealtimeProperties properties,
      RealtimeMetrics metrics,
      ClientReplies replies) {
    this.messages = messages;
    this.subscriptions = subscriptions;
    this.broadcaster = broadcaster;
    this.properties = properties;
    this.metrics = metrics;
    this.replies = replies;
  }

  void subscribe(ClientSession session, StompFrame frame) {
    String id = frame.subscriptionId();
    String destination = frame.destination();
    if (id == null || destination == null) {
      replies.fail(session, "SUBSCRIBE needs an id and a destination", frame);
      return;
    }
    if (session.subscriptions().containsKey(id)) {
      replies.fail(session, "subscription id " + id + " is already in use", frame);
      return;
    }
    String roomId = Destinations.topicRoom(destination);
    if (roomId != null) {
      subscribeRoom(session, frame, id, destination, roomId);
      return;
    }
    if (Destinations.userQueue(destination)) {
      subscriptions.add(Subscription.live(session, id, destination, null));
      replies.receipt(session, frame);
      return;
    }
    if (destination.startsWith("/user/")) {
      replies.fail(
          session,
          "cannot subscribe to "
              + destination
              + ": only your own /user/queue/errors, /user/queue/rooms and"
              + " /user/queue/notifications",
          frame);
      return;
    }
    replies.fail(session, "unknown destination " + destination, frame);
  }

  void unsubscribe(ClientSession session, StompFrame frame) {
    var subscription = session.subscriptions().get(String.valueOf(frame.subscriptionId()));
    if (subscription != null) {
      subscriptions.remove(subscription);
    }
    replies.receipt(session, frame);
  }

  private void subscribeRoom(
      ClientSession session, StompFrame frame, String id, String destination, String roomId) {
    long start = System.nanoTime();
    try {
      Long since = sinceSeq(frame.header("since-seq"));
      var subscription =
          since == null
              ? Subscription.live(session, id, destination, roomId)
              : Subscription.replaying(session, id, destination, roomId);
      // why: through the sequencer, so that a cluster node starts receiving the room's messages
      // from the others; on one node this only registers inside the room's lane
      long last =
          messages.subscribe(
              session.caller(),
              roomId,
              lastSeq -> {
                subscriptions.add(subscription);
                return lastSeq;
              });
      if (since != null) {
        replay(session, subscription, since, last);
        subscription.goLive();
      }
      replies.receipt(session, frame);
      metrics.subscribed(start, since != null);
    } catch (DugoutException e) {
      replies.fail(session, "cannot subscribe to room " + roomId + ": " + e.getMessage(), frame);
    } catch (RuntimeException e) {
      replies.fail(
          session,
          "cannot subscribe to room " + roomId + ": " + replies.outage(e).getMessage(),
          frame);
    }
  }

  /**
   * Queues seqs (since, last] page by page; before each page, waits until the client has taken its
   * queue down to half the budget.
   */
  private void replay(ClientSession session, Subscription subscription, long since, long last) {
    long cursor = since;
    int depth = properties.maxQueuedFrames() / 2;
    while (cursor < last && session.awaitQueueDepth(depth)) {
      var page =
          messages.replay(
              session.caller(),
              subscription.roomId(),
              cursor,
              (int) Math.min(REPLAY_PAGE, last - cursor));
      if (page.isEmpty()) {
        break;
      }
      for (var message : page) {
        session.send(subscription.frameOf(broadcaster.frameOf(message)));
      }
      cursor = page.getLast().seq();
    }
  }

  private static Long sinceSeq(String value) {
    if (value == null) {
      return null;
    }
    try {
      long since = Long.parseLong(value.strip());
      if (since < 0) {
        throw DugoutException.invalid("since-seq", "must be 0 or more");
      }
      return since;
    } catch (NumberFormatException e) {
      throw DugoutException.invalid("since-seq", "must be a number");
    }
  }
}
