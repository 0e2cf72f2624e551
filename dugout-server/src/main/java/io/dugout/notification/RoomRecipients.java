package io.dugout.notification;

import io.dugout.room.Member;
import io.dugout.room.RoomEvent;
import io.dugout.room.RoomStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Who a room's chat notifications may go to: its title and its members who have not muted it, read
 * from the {@link RoomStore} once and then kept for the next messages, instead of the whole member
 * list per message.
 *
 * <p>A room's entry is dropped at every join, leave and mute change of the room ({@link RoomEvent},
 * which in a cluster also arrive from the other nodes), so the next message reads it afresh. A load
 * that overlapped such an event is not kept, so a stale list is never cached. In a cluster an event
 * can be lost with its Redis publish: an entry is therefore also read afresh once it is older than
 * {@code member-cache-ttl}, which bounds how long a lost event can matter. At most {@code
 * member-cache-rooms} rooms are kept, least recently used dropped first. Thread-safe.
 */
@Component
class RoomRecipients {

  /** A room's title (null when it has none) and the user ids of its unmuted members. */
  record Recipients(String title, List<String> userIds) {}

  private record Kept(Recipients recipients, Instant loadedAt) {}

  private final RoomStore rooms;
  private final Clock clock;
  private final Duration ttl;
  private final Map<String, Kept> entries;
  private long changes;

  RoomRecipients(RoomStore rooms, Clock clock, NotificationProperties properties) {
    this.rooms = rooms;
    this.clock = clock;
    this.ttl = properties.memberCacheTtl();
    int max = properties.memberCacheRooms();
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
            return size() > max;
          }
        };
  }

  /** The room's recipients, empty when the room does not exist. */
  Optional<Recipients> of(String roomId) {
    long changesBefore;
    synchronized (this) {
      Kept entry = entries.get(roomId);
      if (entry != null && entry.loadedAt().plus(ttl).isAfter(clock.instant())) {
        return Optional.of(entry.recipients());
      }
      changesBefore = changes;
    }
    Instant loadedAt = clock.instant();
    var room = rooms.find(roomId);
    if (room.isEmpty()) {
      return Optional.empty();
    }
    var userIds =
        rooms.members(roomId).stream().filter(m -> !m.muted()).map(Member::userId).toList();
    var recipients = new Recipients(room.get().title(), userIds);
    synchronized (this) {
      // why: a join, leave or mute during the read may be missing from it; use it once only
      if (changes == changesBefore) {
        entries.put(roomId, new Kept(recipients, loadedAt));
      }
    }
    return Optional.of(recipients);
  }

  @EventListener
  void roomEvent(RoomEvent event) {
    if (event instanceof RoomEvent.ReadMarkerMoved) {
      return;
    }
    synchronized (this) {
      changes++;
      entries.remove(event.roomId());
    }
  }

  /** Whether the room's recipients are kept now. */
  synchronized boolean keeps(String roomId) {
    return entries.containsKey(roomId);
  }
}
