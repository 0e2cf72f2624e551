package io.dugout.store.rocksdb;

import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbNotificationStoreTests extends NotificationStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected NotificationStore openEmpty() {
    storage = RocksDbStorage.open(dir, false);
    return new RocksDbNotificationStore(storage);
  }

  @Override
  protected NotificationStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
