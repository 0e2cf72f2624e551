package io.dugout.store.rocksdb;

import io.dugout.file.UploadStore;
import io.dugout.file.UploadStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbUploadStoreTests extends UploadStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected UploadStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbUploadStore(storage);
  }

  @Override
  protected UploadStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
