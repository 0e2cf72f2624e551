package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link RoomStoreContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns, room creation in a transaction. One server for the class, a fresh database per
 * test.
 */
class SecantusRoomStoreTests extends RoomStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected RoomStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoRoomStore(fixture.open());
  }

  @Override
  protected RoomStore reopen() {
    return new MongoRoomStore(fixture.reopen());
  }

  @Override
  protected MessageStore messages() {
    return new MongoMessageStore(fixture.storage());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
