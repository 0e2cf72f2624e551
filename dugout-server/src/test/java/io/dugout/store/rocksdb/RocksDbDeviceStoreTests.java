package io.dugout.store.rocksdb;

import io.dugout.push.DeviceStore;
import io.dugout.push.DeviceStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbDeviceStoreTests extends DeviceStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected DeviceStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbDeviceStore(storage);
  }

  @Override
  protected DeviceStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
