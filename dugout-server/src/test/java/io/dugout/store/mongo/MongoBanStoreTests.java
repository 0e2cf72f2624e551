package io.dugout.store.mongo;

import io.dugout.ban.BanStore;
import io.dugout.ban.BanStoreContract;

/** {@link BanStoreContract} on mongo-java-server, in this JVM. */
class MongoBanStoreTests extends BanStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected BanStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoBanStore(fixture.open());
  }

  @Override
  protected BanStore reopen() {
    return new MongoBanStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
