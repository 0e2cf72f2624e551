package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomStoreContract;

/** {@link RoomStoreContract} on mongo-java-server, in this JVM. */
class MongoRoomStoreTests extends RoomStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected RoomStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
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
    server.close();
  }
}
