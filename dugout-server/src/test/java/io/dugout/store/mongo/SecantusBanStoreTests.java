package io.dugout.store.mongo;

import io.dugout.ban.BanStore;
import io.dugout.ban.BanStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link BanStoreContract} on SecantusDB: a one-node replica set with majority concerns, where bans
 * are replaced and listed on a real storage engine. One server for the class, a fresh database per
 * test.
 */
class SecantusBanStoreTests extends BanStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected BanStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoBanStore(fixture.open());
  }

  @Override
  protected BanStore reopen() {
    return new MongoBanStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
