package io.dugout.push;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationStore;
import java.time.Clock;

/**
 * What a notification whose pushes were left unfinished stands as now, for a resume: a room's chat
 * notification may have been updated by newer messages, read or have expired since its outbox entry
 * was written (a waiting push's newer versions are kept only in memory).
 */
@FunctionalInterface
interface StandingNotifications {

  /**
   * The notification to push for {@code queued} now; null when none is due any more (read or
   * expired). Throws when the store cannot say.
   */
  Notification standing(Notification queued);

  /**
   * A notification with a collapse key stands as the user's unread one under that key in {@code
   * store}; one without stands as it was queued.
   */
  static StandingNotifications in(NotificationStore store, Clock clock) {
    return queued -> {
      if (queued.collapseKey() == null) {
        return queued;
      }
      Notification now = store.held(queued.userId(), queued.collapseKey(), clock.instant());
      return now != null && now.unread() ? now : null;
    };
  }
}
