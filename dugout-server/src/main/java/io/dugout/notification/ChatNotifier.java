package io.dugout.notification;

import io.dugout.message.Message;
import io.dugout.message.MessageFollowUp;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.room.RoomBlocks;
import io.dugout.room.RoomEvent;
import io.dugout.system.DugoutException;
import io.dugout.system.GatheringQueue;
import io.dugout.system.Ids;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chat-driven notifications: a stored message notifies each member of its room who has not muted it
 * (or whom it mentions, muted or not) and is not viewing it (as {@link Presence} knows: on any node
 * of a cluster), the sender excepted, with one notification per member and room that each later
 * message updates ({@link NotificationStore#collapse}). The members come from {@link
 * RoomRecipients}, which keeps them between messages. A member who blocked a sender ({@link
 * RoomBlocks}) is neither notified of nor reached by a mention in that sender's messages.
 *
 * <p>Never on the send path: {@link #messageStored} only offers the message to a bounded queue
 * ({@code dugout.notifications.chat-queue}) and returns; when the queue is full the message
 * notifies nobody and is counted in {@code dugout.notifications.chat.dropped}. One worker thread
 * drains the queue in order, so a slow store slows notifications, never messages; what waited in
 * the queue meanwhile is notified per room, once for all its messages (see {@link #byRoom}): each
 * member with the newest of them that someone else sent, and how many others sent. After taking a
 * message the worker lets the queue fill for {@code dugout.notifications.chat-gather} (1 ms by
 * default) before it drains it, so a busy server wakes it at most about a thousand times a second
 * rather than once per message: each wake-up may take a core from an event loop delivering
 * messages.
 *
 * <p>The store marks each message that notifies ({@link UnnotifiedMessages}) in the write that
 * stores it; the worker hands the marks of the rooms it has notified to {@link NotifiedMarks},
 * which removes them in one write per {@code dugout.notifications.unnotified-removal} (1 s). Marks
 * left by a kill, a full queue or a failed room are notified again, each member only of what they
 * are not past yet: on one node at the next start ({@link UnnotifiedReplay}), and on every node by
 * {@link UnnotifiedSweep}, which finds those left behind a while and queues them here.
 *
 * <p>A member's read marker moving ({@link RoomEvent.ReadMarkerMoved}) joins the same queue, and
 * the worker settles the member's notification of the room ({@link ChatNotificationReads}) after it
 * has notified the messages taken with it (the furthest read per member and room, once): on one
 * node a message the member has read is never notified after the read settled its notification, so
 * it is not left unread. A read that finds the queue full settles nothing and is counted with the
 * dropped messages.
 *
 * <p>Over 300 lines: the queue of offered messages and reads, its single worker and the
 * notifications it writes share one order per room; splitting the reads out is the next change to
 * this class.
 */
@Component
class ChatNotifier implements MessageFollowUp, SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ChatNotifier.class);
  static final String KIND = "chat.message";
  static final int PREVIEW_CHARS = 140;

  private final RoomRecipients recipients;
  private final ChatReplayFloors floors;
  private final NotifiedMarks marks;
  private final RoomBlocks blocks;
  private final ChatNotificationReads reads;
  private final Presence presence;
  private final NotificationService notifications;
  private final NotificationMetrics metrics;
  private final Clock clock;
  private final JsonMapper json;

  /** Stored {@link Message}s and {@link RoomEvent.ReadMarkerMoved}s, in the order they happened. */
  private final GatheringQueue<Object> queue;

  ChatNotifier(
      RoomRecipients recipients,
      ChatReplayFloors floors,
      NotifiedMarks marks,
      RoomBlocks blocks,
      ChatNotificationReads reads,
      Presence presence,
      NotificationService notifications,
      NotificationMetrics metrics,
      NotificationProperties properties,
      Clock clock,
      JsonMapper json) {
    this.recipients = recipients;
    this.floors = floors;
    this.marks = marks;
    this.blocks = blocks;
    this.reads = reads;
    this.presence = presence;
    this.notifications = notifications;
    this.metrics = metrics;
    this.clock = clock;
    this.json = json;
    this.queue =
        new GatheringQueue<>(
            properties.chatQueue(),
            properties.chatGather(),
            this::notifyTaken,
            metrics::chatDropped,
            "Chat notifications");
  }

  /** Only enqueues: never blocks, never throws. */
  @Override
  public void messageStored(Message message) {
    if (!UnnotifiedMessages.notifies(message)) {
      return; // why: joins, leaves, edits and reactions are not worth a notification
    }
    queue.offer(message);
  }

  /** Only enqueues: the worker settles the member's notification of the room in turn. */
  @EventListener
  void roomRead(RoomEvent.ReadMarkerMoved read) {
    queue.offer(read);
  }

  /**
   * Only enqueues messages to notify again as {@link #replay} does, in one pass of the worker
   * between the live ones; the worker removes their marks once they are notified. A full queue
   * drops them (counted), and their marks stay.
   */
  void replayLater(List<Message> messages) {
    if (!messages.isEmpty()) {
      queue.offer(new Replay(List.copyOf(messages)));
    }
  }

  /** Messages to notify again, taken by the worker as one item. */
  private record Replay(List<Message> messages) {}

  /** One pass of the worker: what waited together, in the order it happened. */
  private void notifyTaken(List<Object> taken) {
    var messages = new ArrayList<Message>();
    var replays = new ArrayList<Replay>();
    var markers = new LinkedHashMap<List<String>, RoomEvent.ReadMarkerMoved>();
    for (Object item : taken) {
      if (item instanceof Message message) {
        messages.add(message);
      } else if (item instanceof Replay replay) {
        replays.add(replay);
      } else if (item instanceof RoomEvent.ReadMarkerMoved read) {
        markers.merge(List.of(read.userId(), read.roomId()), read, ChatNotifier::further);
      }
    }
    marks.notified(notifyRooms(messages));
    replays.forEach(replay -> marks.notified(replay(replay.messages())));
    // why: after the messages, so a read settles what they notified; one that stands for a
    // message after the read keeps its higher data.seq and stays unread
    markers.values().forEach(this::settle);
  }

  /**
   * Notifies messages again that may not have been notified before (a restart), on the calling
   * thread: each member only of those above their {@link ChatReplayFloors floor}, so a member who
   * has read them, or whose notification of the room stands for a later one, is left as they are.
   */
  List<Message> replay(List<Message> messages) {
    return notifyRooms(messages, floors::of);
  }

  private List<Message> notifyRooms(List<Message> messages) {
    return notifyRooms(messages, roomId -> Floor.NONE);
  }

  /** The messages of the rooms whose notifications were stored. */
  private List<Message> notifyRooms(List<Message> messages, Function<String, Floor> floorOf) {
    var notified = new ArrayList<Message>(messages.size());
    for (var room : byRoom(messages)) {
      try {
        notifyMembers(room, floorOf.apply(room.newest().roomId()));
        notified.addAll(room.messages());
      } catch (DugoutException.Unavailable e) {
        // why: a backend away (Kafka, the store); its adapter logs the outage once, not once
        // per message
        log.debug(
            "Chat notifications for {}#{} failed: {}",
            room.newest().roomId(),
            room.newest().seq(),
            e.getMessage());
      } catch (RuntimeException e) {
        log.warn(
            "Chat notifications for {}#{} failed", room.newest().roomId(), room.newest().seq(), e);
      }
    }
    return notified;
  }

  private static RoomEvent.ReadMarkerMoved further(
      RoomEvent.ReadMarkerMoved one, RoomEvent.ReadMarkerMoved other) {
    return one.seq() >= other.seq() ? one : other;
  }

  private void settle(RoomEvent.ReadMarkerMoved read) {
    try {
      reads.settle(read.userId(), read.roomId(), read.seq());
    } catch (DugoutException.Unavailable e) {
      log.debug("Settling {}'s notification of {} failed: {}", read.userId(), read.roomId(), e);
    } catch (RuntimeException e) {
      log.warn("Settling {}'s notification of {} failed", read.userId(), read.roomId(), e);
    }
  }

  /**
   * What waited in the queue, one entry per room with its messages in order. why: a member's
   * notification of a room shows only the newest message and a count, so when messages arrive
   * faster than they are notified, the messages of one room cost one update per member instead of
   * one each.
   */
  static Collection<Pending> byRoom(List<Message> messages) {
    var rooms = new LinkedHashMap<String, List<Message>>();
    for (Message message : messages) {
      rooms.computeIfAbsent(message.roomId(), id -> new ArrayList<>()).add(message);
    }
    return rooms.values().stream().map(Pending::new).toList();
  }

  /** The seq up to which a member of a room is not notified again. */
  @FunctionalInterface
  interface Floor {

    /** Notify everyone of everything: the floor of messages as they are stored. */
    Floor NONE = userId -> 0;

    long of(String userId);
  }

  /** A room's queued messages, oldest first. */
  static final class Pending {

    private final List<Message> messages;
    private final Map<String, Integer> sentBy = new HashMap<>();

    Pending(List<Message> messages) {
      this.messages = List.copyOf(messages);
      for (Message message : messages) {
        sentBy.merge(message.senderId(), 1, Integer::sum);
      }
    }

    List<Message> messages() {
      return messages;
    }

    Message newest() {
      return messages.getLast();
    }

    /**
     * The newest message someone other than {@code userId} sent, or null when they sent them all.
     * why: the newest message of the room may be the member's own, and the messages of others
     * before it must still notify them
     */
    Message newestFor(String userId) {
      return newestFor(userId, Set.of());
    }

    /** {@link #newestFor(String)}, passing over the messages of {@code ignored} senders too. */
    Message newestFor(String userId, Set<String> ignored) {
      for (int i = messages.size() - 1; i >= 0; i--) {
        String sender = messages.get(i).senderId();
        if (!sender.equals(userId) && !ignored.contains(sender)) {
          return messages.get(i);
        }
      }
      return null;
    }

    /** How many of the messages others than {@code userId} sent. */
    int countFor(String userId) {
      return messages.size() - sentBy.getOrDefault(userId, 0);
    }

    /** {@link #countFor(String)}, not counting the messages of {@code ignored} senders either. */
    int countFor(String userId, Set<String> ignored) {
      int count = countFor(userId);
      for (String sender : ignored) {
        if (!sender.equals(userId)) {
          count -= sentBy.getOrDefault(sender, 0);
        }
      }
      return count;
    }

    /** {@link #countFor(String, Set)}, of the messages above seq {@code floor} only. */
    int countFor(String userId, Set<String> ignored, long floor) {
      if (floor <= 0) {
        return countFor(userId, ignored);
      }
      int count = 0;
      for (Message message : messages) {
        String sender = message.senderId();
        if (message.seq() > floor && !sender.equals(userId) && !ignored.contains(sender)) {
          count++;
        }
      }
      return count;
    }

    /** Everyone who sent one of the messages. */
    Set<String> senders() {
      return sentBy.keySet();
    }
  }

  /**
   * For each of {@code userIds} who blocked a sender of the pending messages, the senders they
   * blocked; one read of the blocks per sender.
   */
  private Map<String, Set<String>> blockedSenders(Pending pending, Collection<String> userIds) {
    Map<String, Set<String>> blocked = new HashMap<>();
    for (String sender : pending.senders()) {
      for (String blocker : blocks.blockersAmong(sender, userIds)) {
        blocked.computeIfAbsent(blocker, id -> new LinkedHashSet<>()).add(sender);
      }
    }
    return blocked;
  }

  /**
   * Who would be notified were no sender blocked: the recipients not watching the room with a
   * pending message of someone else. why: blocks are read only for them, so a room whose members
   * all watch it reads none
   */
  private static List<String> toNotify(List<String> unmuted, Pending pending, Set<String> viewers) {
    var away = new ArrayList<String>();
    for (String userId : recipientsOf(unmuted, pending, Map.of())) {
      if (!viewers.contains(userId) && pending.newestFor(userId, Set.of()) != null) {
        away.add(userId);
      }
    }
    return away;
  }

  /**
   * The room's unmuted members, and those its pending messages mention (a mention reaches a member
   * who muted the room), each once.
   */
  private static Collection<String> recipientsOf(
      List<String> unmuted, Pending pending, Map<String, Set<String>> blockedSenders) {
    Set<String> mentioned = null;
    for (Message message : pending.messages()) {
      for (String userId : message.mentions()) {
        if (!userId.equals(message.senderId())
            && !blockedSenders.getOrDefault(userId, Set.of()).contains(message.senderId())) {
          if (mentioned == null) {
            mentioned = new LinkedHashSet<>(unmuted);
          }
          mentioned.add(userId);
        }
      }
    }
    return mentioned == null ? unmuted : mentioned;
  }

  private void notifyMembers(Pending pending, Floor floor) {
    var room = recipients.of(pending.newest().roomId());
    if (room.isEmpty()) {
      return;
    }
    var viewers = presence.viewersAmong(pending.newest().roomId(), room.get().userIds());
    // why: a message's shared fields are worked out only once a member is notified of it, so in a
    // room whose members all watch it nothing is
    var shared = new IdentityHashMap<Message, Shared>();
    var fresh = new ArrayList<Notification>();
    var blockedSenders = blockedSenders(pending, toNotify(room.get().userIds(), pending, viewers));
    for (String userId : recipientsOf(room.get().userIds(), pending, blockedSenders)) {
      Set<String> ignored = blockedSenders.getOrDefault(userId, Set.of());
      Message newest = viewers.contains(userId) ? null : pending.newestFor(userId, ignored);
      long floorSeq = newest == null ? 0 : floor.of(userId);
      if (newest != null && newest.seq() > floorSeq) {
        Shared same =
            shared.computeIfAbsent(
                newest,
                message ->
                    new Shared(
                        message,
                        room.get().title() == null ? message.senderId() : room.get().title()));
        fresh.add(same.forMember(userId).withCount(pending.countFor(userId, ignored, floorSeq)));
      }
    }
    notifications.collapse(fresh);
  }

  /**
   * What one message's notifications share, worked out once per message rather than per member:
   * title, preview, data and times.
   */
  private final class Shared {

    private final String title;
    private final String preview;
    private final String data;
    private final String collapseKey;
    private final Instant now;
    private final Instant expiresAt;

    Shared(Message message, String title) {
      var fields = new LinkedHashMap<String, Object>();
      fields.put("roomId", message.roomId());
      fields.put("seq", message.seq());
      fields.put("senderId", message.senderId());
      this.title = title;
      this.preview = preview(message);
      this.data = json.writeValueAsString(fields);
      this.collapseKey = collapseKey(message.roomId());
      this.now = clock.instant();
      this.expiresAt = notifications.expiresAt(now);
    }

    /** The member's notification of the message; it replaces the room's earlier one. */
    Notification forMember(String userId) {
      return new Notification(
          Ids.newId(clock),
          userId,
          KIND,
          title,
          preview,
          data,
          1,
          now,
          null,
          expiresAt,
          collapseKey);
    }
  }

  /** The collapse key of a member's one chat notification of a room. */
  static String collapseKey(String roomId) {
    return "room:" + roomId;
  }

  /** The start of the message, or what it carries when it has no text. */
  static String preview(Message message) {
    String content = message.content().strip();
    if (content.isEmpty()) {
      return "[" + message.kind().name().toLowerCase() + "]";
    }
    if (content.codePointCount(0, content.length()) <= PREVIEW_CHARS) {
      return content;
    }
    return content.substring(0, content.offsetByCodePoints(0, PREVIEW_CHARS - 1)) + "…";
  }

  @Override
  public void start() {
    queue.start("dugout-chat-notifier");
  }

  @Override
  public void stop() {
    queue.stop();
    marks.removeNow();
  }

  @Override
  public boolean isRunning() {
    return queue.running();
  }
}
