package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.UNNOTIFIED;

import io.dugout.message.UnnotifiedMessages;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * {@link UnnotifiedMessages} as empty values under the message's own key ({@link Keys#message}) in
 * a column family of their own, put by {@link RocksDbMessageStore} in the message's write batch.
 * Removed without an fsync: a removal lost with the machine only notifies a message again.
 */
final class RocksDbUnnotifiedMessages implements UnnotifiedMessages {

  private static final byte[] FIRST = {0};
  private static final byte[] END = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};

  private final RocksDbStorage storage;

  RocksDbUnnotifiedMessages(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public List<Mark> oldest(int max) {
    var marks = new ArrayList<Mark>();
    if (max <= 0) {
      return marks;
    }
    storage.scan(
        UNNOTIFIED,
        FIRST,
        END,
        false,
        (key, value) -> {
          marks.add(new Mark(Keys.string(roomOf(key)), Keys.seqOf(key)));
          return marks.size() < max;
        });
    return marks;
  }

  @Override
  public void remove(Collection<Mark> marks) {
    if (marks.isEmpty()) {
      return;
    }
    storage.writeUnsynced(
        batch -> marks.forEach(m -> batch.delete(UNNOTIFIED, Keys.message(m.roomId(), m.seq()))));
  }

  /** The room id's bytes: the key without its separator and seq (9 bytes). */
  private static byte[] roomOf(byte[] key) {
    return Arrays.copyOf(key, key.length - 9);
  }
}
