package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.DEDUPE;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.MESSAGES;

import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.NewMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@link MessageStore} on RocksDB. Each room has an in-memory counter, loaded from the room's last
 * key on first use; the message and its dedupe entry go to disk in one write batch before the
 * counter moves, so a failed write uses no seq.
 */
final class RocksDbMessageStore implements MessageStore {

  private final RocksDbStorage storage;
  private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();

  RocksDbMessageStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public Appended append(String roomId, NewMessage draft) {
    Counter counter = counter(roomId);
    counter.lock.lock();
    try {
      byte[] dedupeKey = Keys.triple(roomId, draft.senderId(), draft.clientMsgId());
      byte[] seen = storage.get(DEDUPE, dedupeKey);
      if (seen != null) {
        return new Appended(get(roomId, Keys.seqValueOf(seen)), false);
      }
      long seq = counter.lastSeq + 1;
      Message message =
          new Message(
              roomId,
              seq,
              draft.senderId(),
              draft.kind(),
              draft.content(),
              draft.attachments(),
              draft.clientMsgId(),
              draft.sentAt());
      storage.write(
          batch -> {
            batch.put(MESSAGES, Keys.message(roomId, seq), Json.write(message));
            batch.put(DEDUPE, dedupeKey, Keys.seqValue(seq));
          });
      counter.lastSeq = seq;
      return new Appended(message, true);
    } finally {
      counter.lock.unlock();
    }
  }

  @Override
  public long lastSeq(String roomId) {
    return counter(roomId).lastSeq;
  }

  @Override
  public List<Message> before(String roomId, long beforeSeq, int limit) {
    var page = new ArrayList<Message>(Math.min(limit, 128));
    if (beforeSeq <= 1 || limit <= 0) {
      return page;
    }
    byte[] to =
        beforeSeq == Long.MAX_VALUE ? Keys.prefixEnd(roomId) : Keys.message(roomId, beforeSeq);
    storage.scan(MESSAGES, Keys.prefix(roomId), to, true, collect(page, limit));
    return page;
  }

  @Override
  public List<Message> after(String roomId, long afterSeq, int limit) {
    var page = new ArrayList<Message>(Math.min(limit, 128));
    if (limit <= 0) {
      return page;
    }
    storage.scan(
        MESSAGES,
        Keys.message(roomId, afterSeq + 1),
        Keys.prefixEnd(roomId),
        false,
        collect(page, limit));
    return page;
  }

  private Message get(String roomId, long seq) {
    byte[] value = storage.get(MESSAGES, Keys.message(roomId, seq));
    if (value == null) {
      throw new IllegalStateException(
          "dedupe entry points at missing message " + roomId + "#" + seq);
    }
    return Json.read(value, Message.class);
  }

  private Counter counter(String roomId) {
    return counters.computeIfAbsent(roomId, this::load);
  }

  private Counter load(String roomId) {
    long[] last = {0};
    storage.scan(
        MESSAGES,
        Keys.prefix(roomId),
        Keys.prefixEnd(roomId),
        true,
        (key, value) -> {
          last[0] = Keys.seqOf(key);
          return false;
        });
    return new Counter(last[0]);
  }

  private static RocksDbStorage.Visitor collect(List<Message> page, int limit) {
    return (key, value) -> {
      page.add(Json.read(value, Message.class));
      return page.size() < limit;
    };
  }

  private static final class Counter {
    final ReentrantLock lock = new ReentrantLock();
    volatile long lastSeq;

    Counter(long lastSeq) {
      this.lastSeq = lastSeq;
    }
  }
}
