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
    var beyond = new ArrayList<byte[]>();
    var kept = new int[] {1};
    storage.scan(
        PUSH_DEAD_LETTERS,
        FIRST,
        END,
        true,
        (key, value) -> {
          if (kept[0] < capacity) {
            kept[0]++;
          } else {
            beyond.add(key);
          }
          return true;
        });
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
    storage.scan(
        PUSH_DEAD_LETTERS,
        FIRST,
        END,
        true,
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
    long[] size = {0};
    storage.scan(
        PUSH_DEAD_LETTERS,
        FIRST,
        END,
        false,
        (key, value) -> {
          size[0]++;
          return true;
        });
    return size[0];
  }

  @Override
  public long evicted() {
    byte[] value = storage.get(PUSH_DEAD_LETTERS, EVICTED);
    return value == null ? 0 : Long.parseLong(Keys.string(value));
  }

  private static byte[] key(String id) {
    return Keys.utf8(PREFIX + id);
  }
}
