package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.message.MessageStoreContract;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.room.RoomStore;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link MessageStoreContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns. One server for the class, a fresh database per test.
 */
class SecantusMessageStoreTests extends MessageStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;
  private MongoStorage storage;

  @Override
  protected MessageStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    storage = fixture.open();
    return new MongoMessageStore(storage);
  }

  @Override
  protected MessageStore reopen() {
    storage = fixture.reopen();
    return new MongoMessageStore(storage);
  }

  @Override
  protected RoomStore rooms() {
    return new MongoRoomStore(storage);
  }

  @Override
  protected UnnotifiedMessages unnotified() {
    return new MongoUnnotifiedMessages(storage);
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
