package io.dugout.message;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One room's log as a store holds it, for {@link HistoryCacheContract}: messages and changes with
 * their seqs, each change applied to its target in the same step ({@link MessageChanges#apply}), as
 * {@link MessageStore} promises. Tells its cache of each write after it, as {@link MessageService}
 * does: the entry as delivered, a reply with its preview and a change with its target's new state.
 */
final class RoomLog {

  private static final Instant T0 = Instant.parse("2026-11-22T04:01:02Z");

  final String id;
  final List<Message> messages = new CopyOnWriteArrayList<>();
  private final HistoryCache cache;

  /** The newest seq whose {@code stored} call has returned. */
  volatile long cachedUpTo;

  RoomLog(HistoryCache cache, String id) {
    this.cache = cache;
    this.id = id;
  }

  /** Stores {@code count} new messages, telling the cache of each after the store write. */
  void append(int count) {
    for (int i = 0; i < count; i++) {
      tell(write(next()));
    }
  }

  /** Stores {@code count} new messages the cache never hears of. */
  void appendWithoutCache(int count) {
    for (int i = 0; i < count; i++) {
      write(next());
    }
  }

  /** Stores a message replying to {@code replyTo} and tells the cache with the reply's preview. */
  Message reply(long replyTo) {
    long seq = messages.size() + 1;
    var reply = Message.Reply.of(messages.get((int) replyTo - 1));
    var message =
        new NewMessage(
                "user-" + (seq % 3),
                MessageKind.TEXT,
                "reply " + seq,
                List.of(),
                "c-" + seq,
                T0.plusMillis(seq),
                replyTo,
                reply,
                null,
                null,
                null,
                null)
            .withSeq(id, seq, seq);
    write(message);
    return tell(message);
  }

  /**
   * Stores a change to the message at {@code targetSeq} (content for an edit, emoji for a reaction)
   * and tells the cache; returns the entry as told.
   */
  Message change(MessageChange type, long targetSeq, String content, String emoji) {
    return tell(changeWithoutCache(type, targetSeq, content, emoji));
  }

  /** {@link #change} of which the cache hears nothing; returns the entry as it would be told. */
  Message changeWithoutCache(MessageChange type, long targetSeq, String content, String emoji) {
    long seq = messages.size() + 1;
    var entry =
        NewMessage.change("user-1", type, targetSeq, content, emoji, "x-" + seq, T0.plusMillis(seq))
            .withSeq(id, seq, messages.getLast().ordinal());
    int at = (int) targetSeq - 1;
    var target = MessageChanges.apply(messages.get(at), entry);
    // why: the target's state first, so that a concurrent page never holds the change without it
    messages.set(at, target);
    messages.add(entry.stored());
    return entry.stored().withRendered(null, target);
  }

  /** Tells the cache of an entry (again), as {@link MessageService} does after a store write. */
  Message tell(Message entry) {
    cache.stored(entry);
    cachedUpTo = Math.max(cachedUpTo, entry.seq());
    return entry;
  }

  /** The store's answer: the {@code limit} newest entries below {@code beforeSeq}. */
  List<Message> store(long beforeSeq, int limit) {
    var snapshot = List.copyOf(messages);
    var page = new ArrayList<Message>();
    long from = Math.min(beforeSeq - 1, snapshot.size());
    for (long seq = from; seq >= 1 && page.size() < limit; seq--) {
      page.add(snapshot.get((int) seq - 1));
    }
    return page;
  }

  /** A history read as {@link MessageService} makes it: the cache, else the store. */
  List<Message> read(long beforeSeq, int limit) {
    var lookup = cache.before(id, beforeSeq, limit);
    if (lookup.hit() != null) {
      return lookup.hit();
    }
    var page = store(beforeSeq, limit);
    cache.loaded(id, page, lookup);
    return page;
  }

  private Message write(Message message) {
    messages.add(message.stored());
    return message;
  }

  private Message next() {
    long seq = messages.size() + 1;
    return new Message(
        id,
        seq,
        "user-" + (seq % 3),
        MessageKind.TEXT,
        "message " + seq,
        List.of(),
        "c-" + seq,
        T0.plusMillis(seq));
  }
}
