package io.dugout.message;

import java.util.Collection;
import java.util.List;

/**
 * The new messages whose notifications may not have been made yet: a mark per message, written by
 * the {@link MessageStore} together with the message, removed by whoever makes the notifications
 * once they are stored. A node reads the marks left at its start and notifies those messages, so a
 * message acknowledged just before a {@code kill -9} still notifies its room.
 *
 * <p>Guarantees (checked on every adapter by {@code UnnotifiedMessagesContract}):
 *
 * <ul>
 *   <li><b>Written with the message.</b> A {@link MessageStore#write} (or {@link
 *       MessageStore#writeInOrder}) that creates a message that {@link #notifies} writes its mark
 *       in the same atomic, durable write: after a kill both are there or neither is. Change
 *       entries, {@code SYSTEM} messages and retries answered with the original get none.
 *   <li><b>Kept until removed.</b> A mark stays, across restarts, until {@link #remove} removes it;
 *       removing is idempotent. An edit or a reaction applied to a marked message keeps its mark.
 *   <li><b>Ordered.</b> {@link #oldest} lists marks by room, then seq.
 *   <li>All methods are thread-safe.
 * </ul>
 *
 * <p>In a cluster the marks are shared by every node: a node reading them cannot tell a mark whose
 * notifications another node is making right now from one a dead node left. {@code UnnotifiedSweep}
 * tells them apart by time: it notifies only a mark it saw at its previous sweep too, and only of a
 * room whose partition it owns.
 */
public interface UnnotifiedMessages {

  /** Whether a stored message is one that notifies, and so gets a mark. */
  static boolean notifies(Message message) {
    return message.kind() != MessageKind.SYSTEM && !message.isChangeEntry();
  }

  /** Up to {@code max} marks, by room and then seq. */
  List<Mark> oldest(int max);

  /** Removes these marks in one write (not synced: a mark left by a crash only notifies again). */
  void remove(Collection<Mark> marks);

  /** The mark of the message at {@code seq} of {@code roomId}. */
  record Mark(String roomId, long seq) {

    public static Mark of(Message message) {
      return new Mark(message.roomId(), message.seq());
    }
  }
}
