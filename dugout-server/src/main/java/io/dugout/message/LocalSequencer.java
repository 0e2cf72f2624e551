package io.dugout.message;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;

/**
 * The {@link Sequencer} of a single node: each room's appends run one at a time on the room's lane,
 * and the room's head (last seq and ordinal) is kept in memory after the first read from the store.
 *
 * <p>Tries without waiting ({@link NoWait}) when its store does: the lane is taken only when free,
 * and the attempt commits once the store has the message, before the listeners are told.
 *
 * <p>Single node only: two nodes sequencing the same room would both be refused by the store's
 * unique places half the time ({@code SEQ_TAKEN}), never fork the room, but also never be fast.
 */
final class LocalSequencer implements Sequencer {

  /** Attempts after a {@code SEQ_TAKEN} before giving up: another writer is sequencing the room. */
  private static final int ATTEMPTS = 3;

  private final MessageStore store;
  private final List<MessageListener> listeners;
  private final RoomLanes lanes = new RoomLanes();
  private final Map<String, MessageStore.Head> heads = new ConcurrentHashMap<>();

  LocalSequencer(MessageStore store, List<MessageListener> listeners) {
    this.store = store;
    this.listeners = List.copyOf(listeners);
  }

  @Override
  public MessageStore.Appended append(String roomId, NewMessage draft) {
    return lanes.inLane(roomId, () -> appendInLane(roomId, draft));
  }

  @Override
  public <T> T atLastSeq(String roomId, LongFunction<T> action) {
    return lanes.inLane(roomId, () -> action.apply(head(roomId).seq()));
  }

  private MessageStore.Appended appendInLane(String roomId, NewMessage draft) {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      var next = head(roomId).next(draft);
      var written = store.write(draft.withSeq(roomId, next.seq(), next.ordinal()));
      switch (written.outcome()) {
        case CREATED -> {
          NoWait.committed();
          heads.put(roomId, next);
          for (MessageListener listener : listeners) {
            listener.messagePosted(written.message(), written.json());
          }
          return new MessageStore.Appended(written.message(), true);
        }
        case RETRY -> {
          // why: the store found the retry key before using the seq, so the seq stays free
          return new MessageStore.Appended(written.message(), false);
        }
        case SEQ_TAKEN -> heads.put(roomId, store.head(roomId));
      }
    }
    throw new IllegalStateException(
        "room " + roomId + " is being sequenced by another writer; is a second node running?");
  }

  @Override
  public boolean triesWithoutWaiting() {
    return store.triesWithoutWaiting();
  }

  /** Called in the room's lane. */
  private MessageStore.Head head(String roomId) {
    var known = heads.get(roomId);
    if (known != null) {
      return known;
    }
    // why: not computeIfAbsent, whose map lock would hold other rooms' lookups through the read
    var read = store.head(roomId);
    heads.put(roomId, read);
    return read;
  }
}
