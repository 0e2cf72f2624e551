package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.PUSH_DEAD_LETTERS;

import io.dugout.push.PushDeadLetter;
import io.dugout.push.PushDeadLetters;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link PushDeadLetters} as JSON values keyed by {@code letter/<id>} in a column family of their
 * own, beside one {@code evicted} counter. Written through the write-ahead log, so a letter
 * outlives a restart; UUIDv7 ids make a reverse scan answer newest first. One node writes, so
 * adding and trimming are one critical section in this process and one write batch.
 */
final class RocksDbPushDeadLetters implements PushDeadLetters {

  private static final String PREFIX = "letter/";
  private static final byte[] FIRST = Keys.utf8(PREFIX);
  // why: '0' is the byte after '/', so [FIRST, END) holds every letter and nothing else
  private static final byte[] END = Keys.utf8("letter0");
  private static final byte[] EVICTED = Keys.utf8("evicted");

  private final RocksDbStorage storage;

  RocksDbPushDeadLetters(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public synchronized void add(PushDeadLetter letter, int capacity) {
    // why: the new letter takes one of the capacity's places
    List<byte[]> keys = newestKeys();
    List<byte[]> beyond =
        keys.subList(Math.min(keys.size(), Math.max(0, capacity - 1)), keys.size());
    long evicted = evicted() + beyond.size();
    storage.write(
        batch -> {
          batch.put(PUSH_DEAD_LETTERS, key(letter.id()), Json.write(letter));
          beyond.forEach(key -> batch.delete(PUSH_DEAD_LETTERS, key));
          if (!beyond.isEmpty()) {
            batch.put(PUSH_DEAD_LETTERS, EVICTED, Keys.utf8(Long.toString(evicted)));
          }
        });
  }

  @Override
  public List<PushDeadLetter> newest(int limit) {
    var letters = new ArrayList<PushDeadLetter>();
    if (limit < 1) {
      return letters;
    }
    newestFirst(
        (key, value) -> {
          letters.add(Json.read(value, PushDeadLetter.class));
          return letters.size() < limit;
        });
    return letters;
  }

  @Override
  public synchronized boolean remove(String id) {
    boolean present = storage.get(PUSH_DEAD_LETTERS, key(id)) != null;
    storage.write(batch -> batch.delete(PUSH_DEAD_LETTERS, key(id)));
    return present;
  }

  @Override
  public long size() {
    return newestKeys().size();
  }

  /** why: letters are few (at most the capacity) and written seldom, so a scan is cheap enough */
  private List<byte[]> newestKeys() {
    var keys = new ArrayList<byte[]>();
    newestFirst(
        (key, value) -> {
          keys.add(key);
          return true;
        });
    return keys;
  }

  @Override
  public long evicted() {
    byte[] value = storage.get(PUSH_DEAD_LETTERS, EVICTED);
    return value == null ? 0 : Long.parseLong(Keys.string(value));
  }

  private void newestFirst(RocksDbStorage.Visitor visitor) {
    storage.scan(PUSH_DEAD_LETTERS, FIRST, END, true, visitor);
  }

  private static byte[] key(String id) {
    return Keys.utf8(PREFIX + id);
  }
}
