package io.dugout.store.rocksdb;

import io.dugout.message.MessageStore;
import java.nio.file.Path;

/** A RocksDB message store over a directory, for tests of what uses the port in other packages. */
public final class RocksDbMessageStores implements AutoCloseable {

  private final RocksDbStorage storage;
  private final MessageStore store;

  public RocksDbMessageStores(Path dir) {
    storage = RocksDbStorage.open(dir, false, 1);
    store = new RocksDbMessageStore(storage, new RocksDbMembers(storage, 1000));
  }

  public MessageStore store() {
    return store;
  }

  @Override
  public void close() {
    storage.close();
  }
}
