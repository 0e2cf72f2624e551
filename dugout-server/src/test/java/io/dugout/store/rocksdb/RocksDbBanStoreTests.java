package io.dugout.store.rocksdb;

import io.dugout.ban.BanStore;
import io.dugout.ban.BanStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbBanStoreTests extends BanStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected BanStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbBanStore(storage);
  }

  @Override
  protected BanStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
