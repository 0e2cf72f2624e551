package io.dugout.push;

import io.dugout.notification.Notification;
import java.time.Instant;
import java.util.List;

/**
 * Notifications whose pushes are not finished yet, kept where a crash cannot take them: an entry is
 * added before its notification's pushes are queued, and removed once every push of it was accepted
 * by its provider, dropped with a dead token, or dead-lettered. What a node held when it died is
 * pushed again by whoever stores its users' notifications next (the restarted node, or in a cluster
 * the new owner of the users' notification partitions): at least once, never silently lost.
 *
 * <p>Guarantees every adapter keeps (checked by {@code PushOutboxContract}):
 *
 * <ul>
 *   <li>{@link #add} is durable when it returns (the write-ahead log, or the database's majority
 *       write): a process killed after it keeps the entry.
 *   <li>Entries are keyed by their own id, never by the notification's: a collapsed notification
 *       keeps its id while each update of it is an entry of its own, so removing the first one's
 *       entry leaves the next.
 *   <li>{@link #remove} is idempotent; removing an entry that another node removed is no error. A
 *       removal need not outlive a power loss on one node: one lost only sends a push again, under
 *       its collapse key.
 *   <li>{@link #pending} answers oldest first (ids are time-ordered), at most {@code max}.
 *   <li>Thread-safe. A failure throws {@code DugoutException} {@code unavailable} or the store's
 *       own runtime exception.
 * </ul>
 */
public interface PushOutbox {

  /**
   * A stored notification still to be pushed.
   *
   * @param id the entry's own id, time-ordered
   * @param online whether its user had a live session when it was stored (decides {@code away}
   *     devices, even when it is pushed after a restart)
   * @param queuedAt when it was first queued
   */
  record Entry(String id, Notification notification, boolean online, Instant queuedAt) {}

  void add(Entry entry);

  void remove(String id);

  /** The oldest entries, at most {@code max}. */
  List<Entry> pending(int max);
}
