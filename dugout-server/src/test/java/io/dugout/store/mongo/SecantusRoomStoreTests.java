package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link RoomStoreContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns, room creation in a transaction. One server for the class, a fresh database per
 * test.
 */
class SecantusRoomStoreTests extends RoomStoreContract {

  private static SecantusServer server;
  private MongoFixture fixture;
  private MongoStorage storage;

  @BeforeAll
  static void startServer() {
    server = SecantusServer.start();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected RoomStore openEmpty() {
    fixture = new MongoFixture(server.uri());
    storage = fixture.open();
    return new MongoRoomStore(storage);
  }

  @Override
  protected RoomStore reopen() {
    storage = fixture.reopen();
    return new MongoRoomStore(storage);
  }

  @Override
  protected MessageStore messages() {
    return new MongoMessageStore(storage);
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
