package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.message.MessageStoreContract;

/** {@link MessageStoreContract} on mongo-java-server, in this JVM. */
class MongoMessageStoreTests extends MessageStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected MessageStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoMessageStore(fixture.open());
  }

  @Override
  protected MessageStore reopen() {
    return new MongoMessageStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
