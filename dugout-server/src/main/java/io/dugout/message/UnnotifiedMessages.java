package io.dugout.message;

import java.util.Collection;
import java.util.List;

/**
 * The new messages whose notifications may not have been made yet: a mark per message, written by
 * the {@link MessageStore} together with the message, removed by whoever makes the notifications
 * once they are stored. A node reads the marks left at its start and notifies those messages, so a
 * message acknowledged just before a {@code kill -9} still notifies its room.
 *
 * <p>Guarantees of an adapter that {@link #kept keeps} the marks (checked by {@code
 * UnnotifiedMessagesContract}):
 *
 * <ul>
 *   <li><b>Written with the message.</b> A {@link MessageStore#write} that creates a message that
 *       {@link #notifies} writes its mark in the same atomic, durable write: after a kill both are
 *       there or neither is. Change entries, {@code SYSTEM} messages and retries answered with the
 *       original get none.
 *   <li><b>Kept until removed.</b> A mark stays, across restarts, until {@link #remove} removes it;
 *       removing is idempotent.
 *   <li><b>Ordered.</b> {@link #oldest} lists marks by room, then seq.
 *   <li>All methods are thread-safe.
 * </ul>
 *
 * <p>An adapter that does not keep them ({@link #kept} false; MongoDB, where the owner's {@code
 * insertMany} of a batch of messages and a mark per message would not be one atomic write) lists
 * none: a node killed mid-way loses the notifications it had not yet made.
 */
public interface UnnotifiedMessages {

  /** Whether a stored message is one that notifies, and so gets a mark. */
  static boolean notifies(Message message) {
    return message.kind() != MessageKind.SYSTEM && !message.isChangeEntry();
  }

  /** Whether this adapter keeps marks at all. */
  boolean kept();

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
