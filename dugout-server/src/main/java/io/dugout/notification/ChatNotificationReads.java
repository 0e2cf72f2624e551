package io.dugout.notification;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Settles a member's chat notification of a room once they have read the room up to its message:
 * reading a room (on any device, by REST or STOMP) and reading its notification are one thing to
 * the user, so the notification is marked read in the store, for every device and the next sign-in,
 * and the unread count goes down with it.
 *
 * <p>Only through the store's own read marking ({@link NotificationStore#markRead}), so its
 * guarantees hold: the unread count stays exact, expired ones are left alone. A notification that
 * stands for a message after the read seq ({@code data.seq}) stays unread: there is something left
 * to read. The user's unread notifications are looked through newest first for the room's one, at
 * most {@link #MAX_SCANNED} of them (a user with none unread costs one counter read); an older one
 * is left for the user to mark.
 *
 * <p>Called only by the {@link ChatNotifier}'s worker, which also makes the chat notifications, so
 * on one node a notification is never updated between being found here and being marked. In a
 * cluster each node hears every read (Redis carries the event), so each settles it, harmlessly
 * since marking is idempotent; and a message notified through Kafka in the same moment as the read
 * may be stored after it, and stay unread.
 */
@Component
class ChatNotificationReads {

  /** How many of a user's unread notifications are looked through for the room's one. */
  static final int MAX_SCANNED = 1000;

  private static final int PAGE = 100;

  private final NotificationStore store;
  private final Clock clock;
  private final JsonMapper json;

  ChatNotificationReads(NotificationStore store, Clock clock, JsonMapper json) {
    this.store = store;
    this.clock = clock;
    this.json = json;
  }

  /**
   * Marks the user's chat notification of the room read when it stands for messages up to {@code
   * seq}.
   *
   * @return whether it marked one
   */
  boolean settle(String userId, String roomId, long seq) {
    Instant now = clock.instant();
    if (store.unreadCount(userId, now) == 0) {
      return false;
    }
    String key = ChatNotifier.collapseKey(roomId);
    NotificationCursor before = null;
    for (int scanned = 0; scanned < MAX_SCANNED; scanned += PAGE) {
      var page = store.page(userId, before, PAGE, true, now);
      for (Notification notification : page) {
        if (key.equals(notification.collapseKey())) {
          return seqOf(notification) <= seq
              && store.markRead(userId, List.of(notification.id()), now, now) > 0;
        }
      }
      if (page.size() < PAGE) {
        return false;
      }
      before = NotificationCursor.of(page.getLast());
    }
    return false;
  }

  /** The seq of the newest message the notification stands for; never settled when unknown. */
  long seqOf(Notification notification) {
    if (notification.data() == null) {
      return Long.MAX_VALUE;
    }
    var seq = json.readTree(notification.data()).get("seq");
    return seq != null && seq.canConvertToLong() ? seq.asLong() : Long.MAX_VALUE;
  }
}
