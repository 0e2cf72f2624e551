package io.dugout.store.mongo;

import io.dugout.push.PushDeadLetters;
import io.dugout.push.PushDeadLettersContract;

/** {@link PushDeadLettersContract} on mongo-java-server, in this JVM. */
class MongoPushDeadLettersTests extends PushDeadLettersContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected PushDeadLetters openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoPushDeadLetters(fixture.open());
  }

  @Override
  protected PushDeadLetters reopen() {
    return new MongoPushDeadLetters(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
