package io.dugout.store.rocksdb;

import io.dugout.audit.AuditLog;
import io.dugout.audit.AuditLogContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbAuditLogTests extends AuditLogContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected AuditLog openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbAuditLog(storage);
  }

  @Override
  protected AuditLog reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
