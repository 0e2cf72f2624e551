package io.dugout.push;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationListener;
import io.dugout.notification.Presence;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;

/**
 * Hands each stored notification to {@link PushDispatcher}, with whether its user has a live
 * session on any node right now ({@link Presence}, asked once, when it is stored). Which
 * notifications exist is decided before: the chat notifier leaves out the sender, members viewing
 * the room, members who muted it (unless mentioned) and members who blocked the sender; in a
 * cluster the node that stores a user's notifications is the one told, so each is pushed once.
 */
@Component
class PushListener implements NotificationListener {

  private final PushDispatcher dispatcher;
  private final Presence presence;

  PushListener(PushDispatcher dispatcher, Presence presence) {
    this.dispatcher = dispatcher;
    this.presence = presence;
  }

  /**
   * Only writes the {@link PushOutbox} entry and enqueues: never throws, and blocks only for the
   * outbox write (this is the notification owner's thread, never a message's send path).
   */
  @Override
  public void notificationStored(Notification notification) {
    if (dispatcher.enabled()) {
      dispatcher.offer(notification, presence.isOnline(notification.userId()));
    }
  }

  /** Resumes the pushes a node that owned these users before left unfinished. */
  @Override
  public void usersOwned(Predicate<String> owned) {
    dispatcher.resume(owned);
  }
}
