package io.dugout.store.rocksdb;

import io.dugout.push.PushOutbox;
import io.dugout.push.PushOutboxContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbPushOutboxTests extends PushOutboxContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected PushOutbox openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbPushOutbox(storage);
  }

  @Override
  protected PushOutbox reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
