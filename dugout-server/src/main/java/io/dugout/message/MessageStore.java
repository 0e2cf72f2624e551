package io.dugout.message;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The durable log of every room's messages: it persists messages that already carry their seq and
 * reads them back. Who assigns the seq is not its business (see {@link Sequencer}); it is the
 * arbiter when two writers disagree.
 *
 * <p>Guarantees every adapter keeps (checked by {@code MessageStoreContract}):
 *
 * <ul>
 *   <li><b>One message per place.</b> A second write of the same {@code {roomId, seq}}, or of the
 *       same retry key {@code {roomId, senderId, clientMsgId}}, never creates a second message: it
 *       returns the message that holds the place, saying which of the two collided ({@link
 *       Outcome#SEQ_TAKEN} or {@link Outcome#RETRY}). On MongoDB these are unique indexes; a zombie
 *       writer loses on them instead of forking a room.
 *   <li><b>Durable on return.</b> When {@link #write} returns {@link Outcome#CREATED}, the message
 *       and its retry key survive a kill of the process; when it throws, nothing was stored.
 *   <li><b>The sender has read it.</b> A created message that {@link Message#readBySender} moves
 *       its sender's read marker (if the sender is a member) to it before the write returns, never
 *       backward: in the message's own write batch (RocksDB), or in one write for all the messages
 *       of the call, after them (MongoDB: a crash between the two leaves the marker behind until
 *       the sender reads or sends again).
 *   <li><b>A change lands with its effect.</b> Writing a change entry ({@link
 *       Message#isChangeEntry}) applies it to its target by {@link MessageChanges#apply} in the
 *       same atomic step, or so that a retry of the entry completes it; the entry is kept as {@link
 *       Message#stored}, without content, and {@link Written#message} is it with its target as it
 *       is now.
 *   <li><b>Cursor pages.</b> {@link #before} and {@link #after} are single range reads whose cost
 *       does not depend on how deep in history the cursor is.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface MessageStore {

  /** Persists a sequenced message, unless its seq or its retry key is already taken. */
  Written write(Message message);

  /**
   * Persists sequenced messages in their order as {@link #write} would one by one, and stops at the
   * first that is not {@link Outcome#CREATED}: returns the outcomes of a prefix of {@code
   * messages}, all created but perhaps the last; the messages after the prefix were not written.
   * When it throws, a prefix of them may be stored (each one whole), which a later write finds as a
   * {@link Outcome#RETRY}. An adapter that can write several messages in one round trip overrides
   * this; the default writes one at a time.
   */
  default List<Written> writeInOrder(List<Message> messages) {
    var written = new ArrayList<Written>(messages.size());
    for (Message message : messages) {
      Written one = write(message);
      written.add(one);
      if (one.outcome() != Outcome.CREATED) {
        break;
      }
    }
    return written;
  }

  /**
   * Whether an entry with the retry key {@code {roomId, senderId, clientMsgId}} is stored: one
   * point read, for a step before the sequencer that must not act twice for one accepted message.
   * An entry being written at the same time may or may not be seen.
   */
  boolean holdsRetryKey(String roomId, String senderId, String clientMsgId);

  /**
   * The stored entries holding any of these retry keys, each as a retried {@link #write} returns
   * it; keys no entry holds are left out, in no particular order. For a sequencer that meets a run
   * of resends in one batch: a point read on the retry key for each, instead of a failed write of
   * the rest of the batch and a read for each.
   */
  List<Message> retryHolders(Collection<RetryKey> keys);

  /** The highest seq stored for the room, 0 when it has no message. Reads the store itself. */
  long lastSeq(String roomId);

  /**
   * {@link #lastSeq} of each of these rooms, a room with no message mapped to 0. An adapter whose
   * every read is a round trip answers many rooms with one read; for a node that compares each room
   * it delivers with the store every few seconds.
   */
  default Map<String, Long> lastSeqs(Collection<String> roomIds) {
    var last = new HashMap<String, Long>();
    for (String roomId : roomIds) {
      last.put(roomId, lastSeq(roomId));
    }
    return last;
  }

  /**
   * The room's newest entry's seq and ordinal, (0, 0) when it has none: where a sequencer goes on
   * from. The default reads the newest page of one.
   */
  default Head head(String roomId) {
    var newest = before(roomId, Long.MAX_VALUE, 1);
    return newest.isEmpty()
        ? Head.EMPTY
        : new Head(newest.getFirst().seq(), newest.getFirst().ordinal());
  }

  /**
   * The entries of the room at the given seqs, in no particular order, leaving out seqs it does not
   * hold: one batched read where the adapter has one (a multi-get, an {@code $in}). The default
   * reads them one at a time.
   */
  default List<Message> get(String roomId, Collection<Long> seqs) {
    var found = new ArrayList<Message>(seqs.size());
    for (long seq : new TreeSet<>(seqs)) {
      var page = after(roomId, seq - 1, 1);
      if (!page.isEmpty() && page.getFirst().seq() == seq) {
        found.add(page.getFirst());
      }
    }
    return found;
  }

  /**
   * {@link #get} of the one entry a new reply names. why: every page that shows the reply names
   * that message outside itself ({@link #getJson}); an adapter that keeps what pages name keeps it
   * now, so the first reader of such a page does not pay the read. The default is {@link #get}.
   */
  default List<Message> getRepliedTo(String roomId, long seq) {
    return get(roomId, List.of(seq));
  }

  /**
   * {@link #get}, each entry as its {@link MessageJson}: an adapter that keeps that JSON returns it
   * without decoding; the default encodes what {@link #get} reads.
   */
  default List<byte[]> getJson(String roomId, Collection<Long> seqs) {
    return MessageJson.writeAll(get(roomId, seqs));
  }

  /**
   * Whether {@link #write} and {@link #lastSeq}, and the membership reads of the same storage, may
   * run in a {@link io.dugout.message.NoWait#attempt}: wherever they would wait (a lock, a read
   * from disk, a write the engine would slow down, an fsync) they refuse with {@code WouldWait},
   * having written nothing. False unless an adapter is written for it.
   */
  default boolean triesWithoutWaiting() {
    return false;
  }

  /**
   * Up to {@code limit} messages with seq below {@code beforeSeq}, newest first. Pass {@link
   * Long#MAX_VALUE} for the newest page.
   */
  List<Message> before(String roomId, long beforeSeq, int limit);

  /** Up to {@code limit} messages with seq above {@code afterSeq}, oldest first. */
  List<Message> after(String roomId, long afterSeq, int limit);

  /**
   * {@link #before}, each message as its {@link MessageJson}, for answers that carry stored
   * messages as they are. An adapter that keeps that JSON returns it without decoding; the default
   * encodes what {@link #before} reads.
   */
  default List<byte[]> beforeJson(String roomId, long beforeSeq, int limit) {
    return MessageJson.writeAll(before(roomId, beforeSeq, limit));
  }

  /** {@link #after}, each message as its {@link MessageJson}; see {@link #beforeJson}. */
  default List<byte[]> afterJson(String roomId, long afterSeq, int limit) {
    return MessageJson.writeAll(after(roomId, afterSeq, limit));
  }

  /** Where a room's log ends: its newest entry's seq and ordinal. */
  record Head(long seq, long ordinal) {

    public static final Head EMPTY = new Head(0, 0);

    /** The head after an entry at the next seq. */
    public Head next(NewMessage entry) {
      return new Head(seq + 1, entry.ordinalAfter(ordinal));
    }
  }

  /** What {@link #write} did. */
  enum Outcome {
    /** The message is stored now. */
    CREATED,
    /** Its retry key was stored before; {@link Written#message} is that earlier message. */
    RETRY,
    /** Another message holds its seq; {@link Written#message} is that message. */
    SEQ_TAKEN
  }

  /**
   * The result of {@link #write}: the message that holds the place, and how it got there.
   *
   * @param json the message's {@link MessageJson} when the store wrote it so (then listeners reuse
   *     it instead of encoding the message again), else null
   */
  record Written(Message message, Outcome outcome, byte[] json) {

    public Written(Message message, Outcome outcome) {
      this(message, outcome, null);
    }
  }

  /** The result of appending a new message: the stored message and whether this call stored it. */
  record Appended(Message message, boolean created) {}
}
