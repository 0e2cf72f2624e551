package io.dugout.notification;

import io.dugout.room.Member;
import io.dugout.room.RoomStore;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * How far each member of a room already is when messages are notified again after a restart (see
 * {@link ChatNotifier#replay}): the member's read marker, or the seq their chat notification of the
 * room stands for, whichever is further. A replayed message at or below it notifies the member of
 * nothing, so a replay never reopens what the member has read nor moves the room's notification
 * back to an older message. One read of the room's members, then one point read of the held
 * notification per member asked about.
 */
@Component
class ChatReplayFloors {

  private final RoomStore rooms;
  private final NotificationStore store;
  private final ChatNotificationReads reads;
  private final Clock clock;

  ChatReplayFloors(
      RoomStore rooms, NotificationStore store, ChatNotificationReads reads, Clock clock) {
    this.rooms = rooms;
    this.store = store;
    this.reads = reads;
    this.clock = clock;
  }

  /** The floors of the room's members, read when asked for. */
  ChatNotifier.Floor of(String roomId) {
    Map<String, Long> readUpTo = new HashMap<>();
    for (Member member : rooms.members(roomId)) {
      readUpTo.put(member.userId(), member.lastReadSeq());
    }
    String key = ChatNotifier.collapseKey(roomId);
    return userId -> {
      var held = store.held(userId, key, clock.instant());
      long notified = held == null ? 0 : reads.seqOf(held);
      return Math.max(readUpTo.getOrDefault(userId, 0L), notified);
    };
  }
}
