package io.dugout.store.rocksdb;

import io.dugout.message.MessageStore;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The room store contract with the default member cache; subclasses shrink it. */
class RocksDbRoomStoreTests extends RoomStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  /** How many members the store under test caches. */
  int cachedMembers() {
    return 100_000;
  }

  @Override
  protected RoomStore openEmpty() {
    storage = RocksDbStorage.open(dir, false);
    return new RocksDbRoomStore(storage, messages(), cachedMembers());
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
