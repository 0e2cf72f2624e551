package io.dugout.message;

import java.util.List;

/**
 * The durable, ordered log of every room's messages.
 *
 * <p>Guarantees every adapter keeps (checked by {@code MessageStoreContract}):
 *
 * <ul>
 *   <li><b>Order.</b> {@link #append} gives a room's messages seq 1, 2, 3, … with no gap and no
 *       repeat, also under concurrent appends and across restarts.
 *   <li><b>Durable on return.</b> When {@link #append} returns, the message survives a kill of the
 *       process; when it throws, nothing was stored and no seq was used.
 *   <li><b>Idempotent retry.</b> Appending again with a (room, sender, clientMsgId) that is already
 *       stored returns the stored message with {@code created = false} and stores nothing.
 *   <li><b>Cursor pages.</b> {@link #before} and {@link #after} are single range reads whose cost
 *       does not depend on how deep in history the cursor is.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface MessageStore {

  /** Stores the message with the room's next seq, unless its clientMsgId was seen before. */
  Appended append(String roomId, NewMessage message);

  /** The highest seq of the room, 0 when it has no message. */
  long lastSeq(String roomId);

  /**
   * Up to {@code limit} messages with seq below {@code beforeSeq}, newest first. Pass {@link
   * Long#MAX_VALUE} for the newest page.
   */
  List<Message> before(String roomId, long beforeSeq, int limit);

  /** Up to {@code limit} messages with seq above {@code afterSeq}, oldest first. */
  List<Message> after(String roomId, long afterSeq, int limit);

  /** The result of {@link #append}: the stored message and whether this call stored it. */
  record Appended(Message message, boolean created) {}
}
