package io.dugout.store.mongo;

import io.dugout.message.MessageChangeContract;
import io.dugout.message.MessageStore;

/** {@link MessageChangeContract} on mongo-java-server, in this JVM. */
class MongoMessageChangeTests extends MessageChangeContract {

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
