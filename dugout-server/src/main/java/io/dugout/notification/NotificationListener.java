package io.dugout.notification;

/**
 * Told about every notification that was just stored or updated (a collapsed one), after it is
 * durable: live delivery to the user's open sessions is one, the offline-delivery webhook for users
 * with no open session another.
 *
 * <p>Called on the thread that stored it (a REST request, or the chat notifier's worker): an
 * implementation must only hand the notification on, never block and never throw.
 */
public interface NotificationListener {

  void notificationStored(Notification notification);
}
