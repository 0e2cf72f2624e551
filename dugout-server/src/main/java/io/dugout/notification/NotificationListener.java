package io.dugout.notification;

import java.util.function.Predicate;

/**
 * Told about every notification that was just stored or updated (a collapsed one), after it is
 * durable: live delivery to the user's open sessions is one, the offline-delivery webhook for users
 * with no open session another.
 *
 * <p>Called on the thread that stored it (a REST request, the chat notifier's worker, or in a
 * cluster the notification partition's owner, before it commits the offset): an implementation must
 * hand the notification on and never throw; it may make one durable write of its own (push keeps
 * its unfinished work so), never wait for anything slower.
 */
public interface NotificationListener {

  void notificationStored(Notification notification);

  /**
   * This node now stores the notifications of the users {@code owned} accepts, and is the one told
   * of them: on one node every user, once the node has started; in a cluster the users of the
   * notification partitions Kafka just gave this node, before any of their records is handled. A
   * listener that keeps unfinished work per user durable (push) resumes here what the previous
   * owner, perhaps killed, left. Called on the thread that learned it: must not block, never throw.
   */
  default void usersOwned(Predicate<String> owned) {}
}
