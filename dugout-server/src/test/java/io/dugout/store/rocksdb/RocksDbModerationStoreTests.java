package io.dugout.store.rocksdb;

import io.dugout.moderation.ModerationStore;
import io.dugout.moderation.ModerationStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbModerationStoreTests extends ModerationStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected ModerationStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbModerationStore(storage);
  }

  @Override
  protected ModerationStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
