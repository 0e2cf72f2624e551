package io.dugout.realtime;

import io.dugout.message.Message;
import io.dugout.message.MessageFollowUp;
import io.dugout.message.MessageStore;
import io.dugout.notification.NotificationFanout;
import io.dugout.room.Member;
import io.dugout.room.RoomCounts;
import io.dugout.room.RoomEvent;
import io.dugout.room.RoomStore;
import io.dugout.system.DugoutException;
import io.dugout.system.GatheringQueue;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Client outbound for badges: each member's new unread and mention counts of a room ({@link
 * RoomCounts}) go to every session of the member subscribed to {@code /user/queue/rooms}, as {@code
 * room.counts}, whenever a stored message (not a change: changes count nothing) or a moved read
 * marker changes them. Counts come from the member records, never from reading the room: on one
 * node the record of each member with a rooms queue here ({@link RoomStore#findMember}, the
 * members' ids kept by {@link RoomMemberIds}), in a cluster every member's, of all the rooms taken
 * together in one read ({@link RoomStore#members(java.util.Collection)}).
 *
 * <p>Never on the send path: a stored message or a read only takes a place in a {@link
 * GatheringQueue} of {@value #QUEUE}; when it is full the push is not made and is counted in {@code
 * dugout.realtime.room.counts.dropped}, and the room's next change sets the badge right. Its one
 * worker pushes once per member for all the messages of a room it took together.
 *
 * <p>In a cluster a message's counts are made once, on the node that posted it, and go to the
 * members' sessions on other nodes through the {@link NotificationFanout}; a moved read marker
 * reaches every node as a room event, and each node pushes it to its own sessions of the reader.
 * Both are at most once: a reconnecting client reads its room list for the counts.
 */
@Component
class RoomCountsPusher implements MessageFollowUp, SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(RoomCountsPusher.class);

  /** Stored messages and moved read markers that may wait for the worker. */
  static final int QUEUE = 10_000;

  /**
   * How long the worker lets the queue fill after a wake-up. why 50 ms, not the chat notifier's 1:
   * nobody sees a badge 50 ms late, while a worker that wakes a thousand times a second costs the
   * send path a share of its cores, a busy room's messages gather into fewer pushes, and in a
   * cluster one read of the members of every room gathered serves them all.
   */
  static final Duration GATHER = Duration.ofMillis(50);

  private final RoomStore rooms;
  private final MessageStore messages;
  private final Subscriptions subscriptions;
  private final RoomBroadcaster broadcaster;
  private final NotificationFanout fanout;
  private final RoomMemberIds memberIds;
  private final Counter dropped;
  private final GatheringQueue<Object> queue;

  RoomCountsPusher(
      RoomStore rooms,
      MessageStore messages,
      Subscriptions subscriptions,
      RoomBroadcaster broadcaster,
      ObjectProvider<NotificationFanout> fanout,
      MeterRegistry registry) {
    this.rooms = rooms;
    this.messages = messages;
    this.subscriptions = subscriptions;
    this.broadcaster = broadcaster;
    this.fanout = fanout.getIfAvailable();
    this.memberIds = new RoomMemberIds(rooms);
    this.dropped =
        Counter.builder("dugout.realtime.room.counts.dropped")
            .description("messages and reads whose room counts were not pushed: the queue was full")
            .register(registry);
    this.queue =
        new GatheringQueue<>(
            QUEUE,
            GATHER,
            taken -> push(RoomCountsBatch.of(taken)),
            dropped::increment,
            "Room counts");
  }

  /** Only enqueues: never blocks, never throws. */
  @Override
  public void messageStored(Message message) {
    if (message.isChangeEntry()) {
      return; // why: edits, deletes and reactions never change a count
    }
    queue.offer(message);
  }

  /**
   * A moved read marker only enqueues: the worker pushes the reader's counts of the room to the
   * reader's sessions. A join or a leave changes who is counted.
   */
  @EventListener
  void roomEvent(RoomEvent event) {
    if (event instanceof RoomEvent.ReadMarkerMoved) {
      queue.offer(event);
    }
    memberIds.changed(event);
  }

  /** Pushes the counts that the batch changed. */
  void push(RoomCountsBatch batch) {
    if (fanout == null) {
      batch.rooms().forEach(this::pushHere);
    } else {
      pushEverywhere(batch.rooms());
    }
    batch.reads().forEach(this::pushRead);
  }

  /**
   * On one node: the members with a rooms queue here, each member's record read by itself. why: the
   * room's list of records changes with every read marker, and one node keeps records in memory
   */
  private void pushHere(String roomId, List<Message> stored) {
    try {
      for (String userId : memberIds.of(roomId)) {
        var targets = roomsQueues(userId);
        if (targets.isEmpty()) {
          continue;
        }
        var member = rooms.findMember(roomId, userId);
        if (member.isPresent()) {
          deliver(targets, RoomCounts.afterMessages(member.get(), stored));
        }
      }
    } catch (RuntimeException e) {
      failed(e, roomId, stored.getLast().seq());
    }
  }

  /**
   * In a cluster: every member of every room of the batch, from one read of their members, to the
   * sessions here and through the fanout to the other nodes (which have their own users' sessions).
   */
  private void pushEverywhere(Map<String, List<Message>> stored) {
    if (stored.isEmpty()) {
      return;
    }
    Map<String, List<Member>> members;
    try {
      members = rooms.members(stored.keySet());
    } catch (RuntimeException e) {
      stored.forEach((roomId, messages) -> failed(e, roomId, messages.getLast().seq()));
      return;
    }
    var counted = new ArrayList<RoomCounts>();
    members.forEach(
        (roomId, ofRoom) -> {
          for (Member member : ofRoom) {
            counted.add(RoomCounts.afterMessages(member, stored.get(roomId)));
          }
        });
    for (RoomCounts counts : counted) {
      deliver(counts);
    }
    if (!counted.isEmpty()) {
      fanout.publishCounts(counted);
    }
  }

  /** The reader's counts of the room, to the reader's sessions on this node. */
  private void pushRead(RoomEvent.ReadMarkerMoved read) {
    var targets = roomsQueues(read.userId());
    if (targets.isEmpty()) {
      return;
    }
    try {
      var member = rooms.findMember(read.roomId(), read.userId());
      if (member.isPresent()) {
        var head = messages.head(read.roomId());
        deliver(targets, RoomCounts.of(member.get(), head.seq(), head.ordinal()));
      }
    } catch (RuntimeException e) {
      failed(e, read.roomId(), read.seq());
    }
  }

  /** Sends counts to the user's sessions on this node; only queues frames. */
  private void deliver(RoomCounts counts) {
    deliver(roomsQueues(counts.userId()), counts);
  }

  private void deliver(List<Subscription> targets, RoomCounts counts) {
    broadcaster.toUserQueue(targets, Destinations.ROOMS, RealtimeBodies.RoomCountsBody.of(counts));
  }

  /**
   * The subscriptions of the user's sessions here to the user's rooms queue, usually none or one.
   * why: asked for every member of a room at every push, so it allocates nothing when there is none
   */
  private List<Subscription> roomsQueues(String userId) {
    List<Subscription> found = List.of();
    for (ClientSession session : subscriptions.ofUser(userId)) {
      for (Subscription subscription : session.subscriptions().values()) {
        if (subscription.destination().equals(Destinations.ROOMS)) {
          found = found.isEmpty() ? new ArrayList<>(2) : found;
          found.add(subscription);
        }
      }
    }
    return found;
  }

  private static void failed(RuntimeException e, String roomId, long seq) {
    if (e instanceof DugoutException.Unavailable) {
      // why: a backend away; its adapter logs the outage once, not once per push
      log.debug("Room counts of {}#{} not pushed: {}", roomId, seq, e.getMessage());
    } else {
      log.warn("Room counts of {}#{} not pushed", roomId, seq, e);
    }
  }

  @Override
  public void start() {
    if (fanout != null) {
      fanout.receiveCounts(this::deliver);
    }
    queue.start("dugout-room-counts");
  }

  @Override
  public void stop() {
    queue.stop();
  }

  @Override
  public boolean isRunning() {
    return queue.running();
  }
}
