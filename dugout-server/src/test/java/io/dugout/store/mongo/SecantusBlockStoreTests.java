package io.dugout.store.mongo;

import io.dugout.block.BlockStore;
import io.dugout.block.BlockStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link BlockStoreContract} on SecantusDB: a one-node replica set with majority concerns, where
 * racing adds of one block meet the unique index in a real storage engine. One server for the
 * class, a fresh database per test.
 */
class SecantusBlockStoreTests extends BlockStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected BlockStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoBlockStore(fixture.open());
  }

  @Override
  protected BlockStore reopen() {
    return new MongoBlockStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
