package io.dugout.notification;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import io.dugout.system.Pages;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Service;

/**
 * Sends, lists and marks notifications. Only a service token sends; everyone else reads and marks
 * only their own. Sends go through the {@link NotificationWriter}, which tells the {@link
 * NotificationListener}s of each stored or updated notification once it is durable; a replayed send
 * goes to nobody.
 *
 * <p>Times come from the injected {@link Clock}: a notification expires {@code retention} after it
 * was created (or last updated), and every read filters by the clock, so an expired notification is
 * never returned even before the store removes it.
 */
@Service
public class NotificationService {

  static final int DEFAULT_PAGE = 20;
  static final int MAX_PAGE = 100;

  private final NotificationStore store;
  private final NotificationWriter writer;
  private final NotificationValidator validator;
  private final NotificationMetrics metrics;
  private final NotificationProperties properties;
  private final Clock clock;

  NotificationService(
      NotificationStore store,
      NotificationWriter writer,
      NotificationValidator validator,
      NotificationMetrics metrics,
      NotificationProperties properties,
      Clock clock) {
    this.store = store;
    this.writer = writer;
    this.validator = validator;
    this.metrics = metrics;
    this.properties = properties;
    this.clock = clock;
  }

  /** Stores one notification per user; a used idempotency key returns the first call's ids. */
  Sent send(Caller caller, SendNotifications request) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may send notifications");
    }
    String data = validator.validate(request);
    Instant now = clock.instant();
    Instant expiresAt = expiresAt(now);
    var notifications = new ArrayList<Notification>(request.userIds().size());
    for (String userId : request.userIds()) {
      notifications.add(
          new Notification(
              Ids.newId(clock),
              userId,
              request.kind(),
              request.title(),
              request.body(),
              data,
              1,
              now,
              null,
              expiresAt,
              null));
    }
    var key =
        request.idempotencyKey() == null
            ? null
            : new NotificationStore.IdempotencyKey(
                caller.userId(), request.idempotencyKey(), expiresAt);
    var added = writer.add(notifications, key);
    if (!added.created()) {
      metrics.replayed();
      return new Sent(added.ids(), false);
    }
    metrics.sent(notifications.size());
    return new Sent(added.ids(), true);
  }

  /** Stores or updates collapsing notifications (chat); the writer tells the listeners. */
  void collapse(List<Notification> fresh) {
    if (fresh.isEmpty()) {
      return;
    }
    writer.collapse(fresh);
    metrics.chatStored(fresh.size());
  }

  /** The caller's notifications, newest first, with the unread count. */
  NotificationPage list(Caller caller, String before, Integer limit, Boolean unreadOnly) {
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    var cursor = before == null ? null : NotificationCursor.parse("before", before);
    Instant now = clock.instant();
    var page = store.page(caller.userId(), cursor, size + 1, Boolean.TRUE.equals(unreadOnly), now);
    boolean more = page.size() > size;
    var shown = more ? page.subList(0, size) : page;
    return new NotificationPage(
        shown.stream().map(NotificationView::of).toList(),
        more,
        store.unreadCount(caller.userId(), now),
        more ? NotificationCursor.of(shown.getLast()).toString() : null);
  }

  /** Marks the caller's listed notifications, or all of them (up to a time), read. */
  Marked markRead(Caller caller, MarkRead request) {
    boolean all = Boolean.TRUE.equals(request.all());
    if (all == (request.ids() != null)) {
      throw DugoutException.invalid("ids", "send exactly one of ids and \"all\": true");
    }
    if (!all && request.upTo() != null) {
      throw DugoutException.invalid("upTo", "only goes with \"all\": true");
    }
    Instant now = clock.instant();
    int marked;
    if (all) {
      marked = store.markAllRead(caller.userId(), request.upTo(), now, now);
    } else {
      validator.ids(request.ids());
      marked = store.markRead(caller.userId(), request.ids(), now, now);
    }
    return new Marked(marked, store.unreadCount(caller.userId(), now));
  }

  /** A notification made now expires then (to the millisecond, which every store keeps). */
  Instant expiresAt(Instant now) {
    return now.plus(properties.retention()).truncatedTo(ChronoUnit.MILLIS);
  }

  /** The answer to a send: the new ids in the order of the user ids, and whether it stored them. */
  record Sent(List<String> ids, boolean created) {}

  /** The answer to a read marking: how many became read, and what is unread now. */
  record Marked(int marked, long unreadCount) {}
}
