package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.message.MessageStoreContract;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.room.RoomStore;

/** {@link MessageStoreContract} on mongo-java-server, in this JVM. */
class MongoMessageStoreTests extends MessageStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;
  private MongoStorage storage;

  @Override
  protected MessageStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
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
    server.close();
  }
}
