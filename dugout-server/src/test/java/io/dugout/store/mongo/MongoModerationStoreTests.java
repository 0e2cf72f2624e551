package io.dugout.store.mongo;

import io.dugout.moderation.ModerationStore;
import io.dugout.moderation.ModerationStoreContract;

/** {@link ModerationStoreContract} on mongo-java-server, in this JVM. */
class MongoModerationStoreTests extends ModerationStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected ModerationStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoModerationStore(fixture.open());
  }

  @Override
  protected ModerationStore reopen() {
    return new MongoModerationStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
