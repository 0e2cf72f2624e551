package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Status;

class RocksDbHealthTests {

  @TempDir Path dir;

  @Test
  void isUpWhileTheDatabaseIsOpenAndDownOnceItIsClosed() {
    var storage = RocksDbStorage.open(dir, false, 1);
    var health = new RocksDbHealth(storage);
    assertThat(health.health().getStatus()).isEqualTo(Status.UP);
    storage.close();
    assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
  }

  @Test
  void propertiesReadAfterCloseAreNotANumberInsteadOfACrash() {
    var storage = RocksDbStorage.open(dir, false, 1);
    assertThat(storage.property("rocksdb.cur-size-all-mem-tables", true)).isNotNaN();
    storage.close();
    assertThat(storage.property("rocksdb.cur-size-all-mem-tables", true)).isNaN();
    assertThat(storage.ticker(org.rocksdb.TickerType.BLOCK_CACHE_HIT)).isNaN();
  }
}
