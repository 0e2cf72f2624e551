package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.PUSH_OUTBOX;

import io.dugout.push.PushOutbox;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link PushOutbox} as JSON values keyed by entry id, in a column family of their own. Written
 * through the write-ahead log like every other write, so an entry outlives a kill of the process;
 * time-ordered ids make a scan answer oldest first.
 */
final class RocksDbPushOutbox implements PushOutbox {

  private static final byte[] FIRST = {0};
  private static final byte[] END = {(byte) 0x7f};

  private final RocksDbStorage storage;

  RocksDbPushOutbox(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public void add(Entry entry) {
    storage.write(batch -> batch.put(PUSH_OUTBOX, Keys.utf8(entry.id()), Json.write(entry)));
  }

  /** why: unsynced, as the port allows; a removal a power loss undoes only pushes again */
  @Override
  public void remove(String id) {
    storage.writeUnsynced(batch -> batch.delete(PUSH_OUTBOX, Keys.utf8(id)));
  }

  @Override
  public List<Entry> pending(int max) {
    var entries = new ArrayList<Entry>();
    storage.scan(
        PUSH_OUTBOX,
        FIRST,
        END,
        false,
        (key, value) -> {
          entries.add(Json.read(value, Entry.class));
          return entries.size() < max;
        });
    return entries;
  }
}
