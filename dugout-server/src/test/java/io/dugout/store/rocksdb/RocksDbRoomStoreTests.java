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
  private MessageStore messages;

  /** How many members the store under test caches. */
  int cachedMembers() {
    return 100_000;
  }

  @Override
  protected RoomStore openEmpty() {
    storage = RocksDbStorage.open(dir, false);
    // why: one message store per database, as the application has; it remembers last seqs
    messages = new RocksDbMessageStore(storage);
    return new RocksDbRoomStore(storage, messages, cachedMembers());
  }

  @Override
  protected RoomStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected MessageStore messages() {
    return messages;
  }

  @Override
  protected void close() {
    storage.close();
  }
}
