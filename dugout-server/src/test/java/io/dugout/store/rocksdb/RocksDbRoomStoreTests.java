package io.dugout.store.rocksdb;

import io.dugout.message.MessageStore;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbRoomStoreTests extends RoomStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected RoomStore openEmpty() {
    storage = RocksDbStorage.open(dir, false);
    return new RocksDbRoomStore(storage, messages());
  }

  @Override
  protected RoomStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected MessageStore messages() {
    return new RocksDbMessageStore(storage);
  }

  @Override
  protected void close() {
    storage.close();
  }
}
