package io.dugout.notification;

import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import java.time.Clock;
import java.util.List;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The {@link NotificationWriter} of one node ({@code dugout.mode=embedded}): writes the store on
 * the calling thread, then tells this node's listeners; once started, it tells them that it owns
 * every user.
 */
@Component
@ConditionalOnSelection(mode = Mode.EMBEDDED)
class LocalNotificationWriter implements NotificationWriter {

  private final NotificationStore store;
  private final NotificationListeners listeners;
  private final Clock clock;

  LocalNotificationWriter(
      NotificationStore store, List<NotificationListener> listeners, Clock clock) {
    this.store = store;
    this.listeners = new NotificationListeners(listeners);
    this.clock = clock;
  }

  @Override
  public NotificationStore.Added add(
      List<Notification> notifications, NotificationStore.IdempotencyKey key) {
    var added = store.add(notifications, key);
    if (added.created()) {
      notifications.forEach(listeners::tell);
    }
    return added;
  }

  @Override
  public void collapse(List<Notification> fresh) {
    store.collapseAll(fresh, clock.instant()).forEach(listeners::tell);
  }

  /** One node stores every user's notifications, from its start on. */
  @EventListener(ApplicationReadyEvent.class)
  void started() {
    listeners.usersOwned(userId -> true);
  }
}
