package io.dugout.message;

import java.util.function.LongFunction;

/**
 * Gives each new message of a room the room's next seq and has the {@link MessageStore} write it:
 * the one place a room's order is decided.
 *
 * <p>Embedded mode uses {@link LocalSequencer} (the room's lane on this node). In a cluster the
 * owner of the room's Kafka partition sequences; the store's unique places fence off a former
 * owner. There, each node tells its listeners of the rooms some listener {@linkplain
 * MessageListener#follows follows}, in seq order, whichever node sequenced them.
 *
 * <p>Guarantees: seqs of a room are 1, 2, 3, … with no gap and no repeat; a retried message (same
 * sender and clientMsgId) returns the stored original and uses no seq; a failed append uses no seq;
 * {@link MessageListener}s are told of a room's messages one at a time in seq order, after they are
 * durable.
 */
public interface Sequencer {

  /** Sequences and stores the message, or returns the original of a retry. */
  MessageStore.Appended append(String roomId, NewMessage message);

  /**
   * Runs {@code action} with the room's last seq. On one node no message of the room is sequenced
   * while it runs, so whatever it registers sees every later message and none earlier; a cluster
   * sequencer promises only a seq that was current, and live delivery closes gaps by seq.
   */
  <T> T atLastSeq(String roomId, LongFunction<T> action);

  /**
   * Whether {@link #append} may run in a {@link io.dugout.message.NoWait#attempt}: it then refuses
   * with {@code WouldWait} before anything is stored wherever it would wait, and, once the message
   * is durable, finishes without waiting on anything but in-memory work. False unless an adapter is
   * written for it.
   */
  default boolean triesWithoutWaiting() {
    return false;
  }
}
