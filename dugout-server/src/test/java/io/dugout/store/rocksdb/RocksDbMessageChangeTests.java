package io.dugout.store.rocksdb;

import io.dugout.message.MessageChangeContract;
import io.dugout.message.MessageStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbMessageChangeTests extends MessageChangeContract {

  @TempDir Path dir;
  RocksDbStorage storage;

  /** The storage under test, over {@link #dir}. */
  RocksDbStorage openStorage() {
    return RocksDbStorage.open(dir, false, 1);
  }

  @Override
  protected MessageStore openEmpty() {
    storage = openStorage();
    return new RocksDbMessageStore(storage, new RocksDbMembers(storage, 1000));
  }

  @Override
  protected MessageStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
