package io.dugout.store.rocksdb;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import io.dugout.message.MessageStoreContract;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.room.RoomStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

class RocksDbMessageStoreTests extends MessageStoreContract {

  @TempDir Path dir;
  RocksDbStorage storage;
  private RocksDbMembers members;

  /** The storage under test, over {@link #dir}. */
  RocksDbStorage openStorage() {
    return RocksDbStorage.open(dir, false, 1);
  }

  @Override
  protected MessageStore openEmpty() {
    storage = openStorage();
    members = new RocksDbMembers(storage, 1000);
    return new RocksDbMessageStore(storage, members);
  }

  @Override
  protected RoomStore rooms() {
    return new RocksDbRoomStore(storage, store, members);
  }

  @Override
  protected MessageStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected UnnotifiedMessages unnotified() {
    return new RocksDbUnnotifiedMessages(storage);
  }

  @Override
  protected void close() {
    storage.close();
  }

  @Override
  protected boolean keepsJson() {
    return true;
  }

  /** A text message of alice's at {@code seq} of {@code room}. */
  static Message message(String room, long seq, String clientMsgId) {
    return new Message(
        room,
        seq,
        "alice",
        MessageKind.TEXT,
        "text of " + clientMsgId,
        List.of(),
        clientMsgId,
        Instant.parse("2026-11-25T04:01:02.345678Z"));
  }
}
