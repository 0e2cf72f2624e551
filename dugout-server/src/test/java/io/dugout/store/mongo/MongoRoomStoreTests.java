package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomStoreContract;

/** {@link RoomStoreContract} on mongo-java-server, in this JVM. */
class MongoRoomStoreTests extends RoomStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;
  private MongoStorage storage;

  @Override
  protected RoomStore openEmpty() {
    server = new InJvmMongo();
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
    server.close();
  }
}
