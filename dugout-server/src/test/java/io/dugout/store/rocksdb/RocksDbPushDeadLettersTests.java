package io.dugout.store.rocksdb;

import io.dugout.push.PushDeadLetters;
import io.dugout.push.PushDeadLettersContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** {@link PushDeadLettersContract} on RocksDB in a temp dir; a reopen closes the database. */
class RocksDbPushDeadLettersTests extends PushDeadLettersContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected PushDeadLetters openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbPushDeadLetters(storage);
  }

  @Override
  protected PushDeadLetters reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
