package io.dugout.store.rocksdb;

import io.dugout.block.BlockStore;
import io.dugout.block.BlockStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbBlockStoreTests extends BlockStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected BlockStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbBlockStore(storage);
  }

  @Override
  protected BlockStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }
}
