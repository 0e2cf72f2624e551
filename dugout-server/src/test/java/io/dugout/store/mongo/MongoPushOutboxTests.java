package io.dugout.store.mongo;

import io.dugout.push.PushOutbox;
import io.dugout.push.PushOutboxContract;

/** {@link PushOutboxContract} on mongo-java-server, in this JVM. */
class MongoPushOutboxTests extends PushOutboxContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected PushOutbox openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoPushOutbox(fixture.open());
  }

  @Override
  protected PushOutbox reopen() {
    return new MongoPushOutbox(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
