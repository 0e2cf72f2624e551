package io.dugout.store.rocksdb;

import io.dugout.report.ReportStore;
import io.dugout.report.ReportStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbReportStoreTests extends ReportStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected ReportStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbReportStore(storage);
  }

  @Override
  protected ReportStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
