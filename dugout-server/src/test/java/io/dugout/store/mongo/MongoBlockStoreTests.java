package io.dugout.store.mongo;

import io.dugout.block.BlockStore;
import io.dugout.block.BlockStoreContract;

/** {@link BlockStoreContract} on mongo-java-server, in this JVM. */
class MongoBlockStoreTests extends BlockStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected BlockStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoBlockStore(fixture.open());
  }

  @Override
  protected BlockStore reopen() {
    return new MongoBlockStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
