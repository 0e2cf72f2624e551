package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.DEDUPE;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.MESSAGES;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.UNNOTIFIED;

import io.dugout.message.Message;
import io.dugout.message.MessageChanges;
import io.dugout.message.MessageJson;
import io.dugout.message.MessageStore;
import io.dugout.message.NoWait;
import io.dugout.message.RetryKey;
import io.dugout.message.UnnotifiedMessages;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@link MessageStore} on RocksDB. A message, its retry key, its {@link UnnotifiedMessages} mark
 * and its sender's read marker (moved to the message, see {@link Message#readBySender}) go to disk
 * in one write batch through the WAL: one write and one log append per send. Writes of one room are
 * checked and written under the room's stripe lock, so the "one message per place" checks and the
 * write are atomic on this node; the marker's read-modify-write runs under the member stripe of
 * {@link RocksDbMembers} inside it (always in that order: nothing holds a member stripe while it
 * takes a message stripe). A message's value is its {@link MessageJson}, which history answers
 * carry as it is.
 *
 * <p>Each room's head (last seq and ordinal) is remembered once read or written, under the room's
 * stripe, so the newest page, the sequencer and a badge skip the seek from the end, and a write
 * above it skips the check that its seq is free. Coherent because only this store writes the room's
 * messages (single process, like RocksDB itself); at most {@value #REMEMBERED_ROOMS} rooms, then
 * all are forgotten and read again.
 *
 * <p>Tries without waiting ({@link NoWait}) when writes are not synced: a stripe is taken only when
 * free, and {@link RocksDbStorage} refuses reads from disk and slowed-down writes.
 *
 * <p>Over 300 lines: it implements the whole {@link MessageStore} port, whose reads (pages both
 * ways, entries by seq, their stored JSON) share one key layout and one head memo.
 */
final class RocksDbMessageStore implements MessageStore {

  private static final int STRIPES = 1024;
  static final int REMEMBERED_ROOMS = 100_000;
  private static final byte[] NO_VALUE = new byte[0];

  private final RocksDbStorage storage;
  private final RocksDbMembers members;
  private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
  private final ConcurrentHashMap<String, Head> heads = new ConcurrentHashMap<>();
  private final PointedEntries pointed = new PointedEntries();

  RocksDbMessageStore(RocksDbStorage storage, RocksDbMembers members) {
    this.storage = storage;
    this.members = members;
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new ReentrantLock();
    }
  }

  @Override
  public Written write(Message message) {
    String roomId = message.roomId();
    byte[] retryKey = Keys.triple(roomId, message.senderId(), message.clientMsgId());
    byte[] messageKey = Keys.message(roomId, message.seq());
    var stripe = stripe(roomId);
    NoWait.lock(stripe);
    try {
      byte[] seen = storage.get(DEDUPE, retryKey);
      if (seen != null) {
        return new Written(withTarget(get(roomId, Keys.seqValueOf(seen))), Outcome.RETRY);
      }
      Head last = heads.get(roomId);
      byte[] holder =
          last != null && message.seq() > last.seq() ? null : storage.get(MESSAGES, messageKey);
      if (holder != null) {
        return new Written(MessageJson.read(holder), Outcome.SEQ_TAKEN);
      }
      if (message.isChangeEntry()) {
        return writeChange(message, messageKey, retryKey);
      }
      byte[] json = MessageJson.write(message.stored());
      boolean notifies = UnnotifiedMessages.notifies(message);
      Consumer<RocksDbStorage.Batch> fill =
          batch -> {
            batch.put(MESSAGES, messageKey, json);
            batch.put(DEDUPE, retryKey, Keys.seqValue(message.seq()));
            if (notifies) {
              batch.put(UNNOTIFIED, messageKey, NO_VALUE);
            }
          };
      if (message.readBySender()) {
        members.markRead(roomId, message.senderId(), message.seq(), message.ordinal(), fill);
      } else {
        storage.write(fill);
      }
      advanceHead(message);
      return new Written(message, Outcome.CREATED, message.rendered() ? null : json);
    } finally {
      stripe.unlock();
    }
  }

  /**
   * Under the room's stripe: the change entry and its target's new state in one batch, so that a
   * change is never stored without its effect nor the other way round.
   */
  private Written writeChange(Message change, byte[] changeKey, byte[] retryKey) {
    byte[] targetKey = Keys.message(change.roomId(), change.targetSeq());
    byte[] targetJson = storage.get(MESSAGES, targetKey);
    Message target =
        targetJson == null ? null : MessageChanges.apply(MessageJson.read(targetJson), change);
    byte[] rewritten = target == null ? null : MessageJson.write(target);
    storage.write(
        batch -> {
          batch.put(MESSAGES, changeKey, MessageJson.write(change.stored()));
          batch.put(DEDUPE, retryKey, Keys.seqValue(change.seq()));
          if (rewritten != null) {
            batch.put(MESSAGES, targetKey, rewritten);
          }
        });
    if (rewritten != null) {
      pointed.rewritten(change.roomId(), change.targetSeq(), rewritten);
    }
    advanceHead(change);
    return new Written(change.stored().withRendered(null, target), Outcome.CREATED);
  }

  /** Under the room's stripe, after {@code entry} is written: the remembered head moves to it. */
  private void advanceHead(Message entry) {
    heads.computeIfPresent(
        entry.roomId(),
        (room, known) ->
            entry.seq() > known.seq() ? new Head(entry.seq(), entry.ordinal()) : known);
  }

  @Override
  public boolean holdsRetryKey(String roomId, String senderId, String clientMsgId) {
    return storage.get(DEDUPE, Keys.triple(roomId, senderId, clientMsgId)) != null;
  }

  @Override
  public List<Message> retryHolders(Collection<RetryKey> keys) {
    var holders = new ArrayList<Message>();
    for (var key : keys) {
      byte[] seen =
          storage.get(DEDUPE, Keys.triple(key.roomId(), key.senderId(), key.clientMsgId()));
      if (seen != null) {
        holders.add(withTarget(get(key.roomId(), Keys.seqValueOf(seen))));
      }
    }
    return holders;
  }

  /** A stored change with its target as it is now; any other entry as it is. */
  private Message withTarget(Message entry) {
    if (!entry.isChangeEntry()) {
      return entry;
    }
    byte[] target = pointedJson(entry.roomId(), entry.targetSeq());
    return entry.withRendered(null, target == null ? null : MessageJson.read(target));
  }

  @Override
  public List<Message> get(String roomId, Collection<Long> seqs) {
    var found = new ArrayList<Message>(seqs.size());
    for (long seq : seqs) {
      byte[] value = storage.get(MESSAGES, Keys.message(roomId, seq));
      if (value != null) {
        found.add(MessageJson.read(value));
      }
    }
    return found;
  }

  /**
   * The stored values as they are: each is the entry's {@link MessageJson}. Asked for the entries a
   * page points at outside itself, so they are read through {@link PointedEntries}.
   */
  @Override
  public List<byte[]> getJson(String roomId, Collection<Long> seqs) {
    var found = new ArrayList<byte[]>(seqs.size());
    for (long seq : seqs) {
      byte[] value = pointedJson(roomId, seq);
      if (value != null) {
        found.add(value);
      }
    }
    return found;
  }

  /** Read through {@link PointedEntries}, as {@link #getJson} reads, and kept there. */
  @Override
  public List<Message> getRepliedTo(String roomId, long seq) {
    byte[] value = pointedJson(roomId, seq);
    return value == null ? List.of() : List.of(MessageJson.read(value));
  }

  /**
   * A message's stored JSON, kept in {@link PointedEntries} once read: read and kept under the
   * room's stripe when it is free, read without keeping it when a write holds it.
   */
  private byte[] pointedJson(String roomId, long seq) {
    byte[] kept = pointed.get(roomId, seq);
    if (kept != null) {
      return kept;
    }
    var stripe = stripe(roomId);
    if (!stripe.tryLock()) {
      return storage.get(MESSAGES, Keys.message(roomId, seq));
    }
    try {
      byte[] value = storage.get(MESSAGES, Keys.message(roomId, seq));
      if (value != null) {
        pointed.keep(roomId, seq, value);
      }
      return value;
    } finally {
      stripe.unlock();
    }
  }

  /** The newest entry's seq and ordinal, remembered once read or written. */
  @Override
  public Head head(String roomId) {
    Head known = heads.get(roomId);
    if (known != null) {
      return known;
    }
    var stripe = stripe(roomId);
    NoWait.lock(stripe);
    try {
      // why: read under the stripe, so that no write of the room falls between read and keep
      Head read = readHead(roomId);
      if (heads.size() >= REMEMBERED_ROOMS) {
        heads.clear();
      }
      heads.put(roomId, read);
      return read;
    } finally {
      stripe.unlock();
    }
  }

  @Override
  public long lastSeq(String roomId) {
    return head(roomId).seq();
  }

  /** One step back from the room's end: its last key, and the ordinal in that entry's value. */
  private Head readHead(String roomId) {
    Head[] last = {Head.EMPTY};
    storage.scan(
        MESSAGES,
        Keys.prefix(roomId),
        Keys.prefixEnd(roomId),
        true,
        (key, value) -> {
          last[0] = new Head(Keys.seqOf(key), MessageJson.read(value).ordinal());
          return false;
        });
    return last[0];
  }

  @Override
  public List<Message> before(String roomId, long beforeSeq, int limit) {
    return before(roomId, beforeSeq, limit, MessageJson::read);
  }

  @Override
  public List<Message> after(String roomId, long afterSeq, int limit) {
    return after(roomId, afterSeq, limit, MessageJson::read);
  }

  /** The stored values as they are: each is the message's {@link MessageJson}. */
  @Override
  public List<byte[]> beforeJson(String roomId, long beforeSeq, int limit) {
    return before(roomId, beforeSeq, limit, Function.identity());
  }

  @Override
  public List<byte[]> afterJson(String roomId, long afterSeq, int limit) {
    return after(roomId, afterSeq, limit, Function.identity());
  }

  /**
   * Newest first below {@code beforeSeq}. A room's seqs have no gaps, so the page is the range of
   * {@code limit} seqs just below the cursor, read forward: RocksDB steps forward several times
   * cheaper than back (each step back searches the memtable and every level again). Where the range
   * holds fewer messages (the cursor lies past the newest, or a seq is missing), the rest comes
   * stepping back from the range's start.
   */
  private <T> List<T> before(
      String roomId, long beforeSeq, int limit, Function<byte[], T> fromValue) {
    var page = new ArrayList<T>(Math.min(limit, 128));
    if (beforeSeq <= 1 || limit <= 0) {
      return page;
    }
    long end = beforeSeq == Long.MAX_VALUE ? lastSeq(roomId) + 1 : beforeSeq;
    long start = Math.max(1, end - limit);
    storage.scan(
        MESSAGES,
        Keys.message(roomId, start),
        Keys.message(roomId, end),
        false,
        collect(page, limit, fromValue));
    Collections.reverse(page);
    return page.size() < limit && start > 1
        ? stepBack(roomId, start, limit, fromValue, page)
        : page;
  }

  /**
   * Adds to {@code page} the newest messages below {@code beforeSeq} until it holds {@code limit}.
   */
  private <T> List<T> stepBack(
      String roomId, long beforeSeq, int limit, Function<byte[], T> fromValue, List<T> page) {
    storage.scan(
        MESSAGES,
        Keys.prefix(roomId),
        Keys.message(roomId, beforeSeq),
        true,
        collect(page, limit, fromValue));
    return page;
  }

  private <T> List<T> after(
      String roomId, long afterSeq, int limit, Function<byte[], T> fromValue) {
    var page = new ArrayList<T>(Math.min(limit, 128));
    if (limit <= 0) {
      return page;
    }
    storage.scan(
        MESSAGES,
        Keys.message(roomId, afterSeq + 1),
        Keys.prefixEnd(roomId),
        false,
        collect(page, limit, fromValue));
    return page;
  }

  @Override
  public boolean triesWithoutWaiting() {
    return storage.triesWithoutWaiting();
  }

  private ReentrantLock stripe(String roomId) {
    return stripes[Math.floorMod(roomId.hashCode(), STRIPES)];
  }

  private Message get(String roomId, long seq) {
    byte[] value = storage.get(MESSAGES, Keys.message(roomId, seq));
    if (value == null) {
      throw new IllegalStateException(
          "dedupe entry points at missing message " + roomId + "#" + seq);
    }
    return MessageJson.read(value);
  }

  private static <T> RocksDbStorage.Visitor collect(
      List<T> page, int limit, Function<byte[], T> fromValue) {
    return (key, value) -> {
      page.add(fromValue.apply(value));
      return page.size() < limit;
    };
  }
}
