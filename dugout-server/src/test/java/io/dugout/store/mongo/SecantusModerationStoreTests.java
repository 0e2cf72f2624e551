package io.dugout.store.mongo;

import io.dugout.moderation.ModerationStore;
import io.dugout.moderation.ModerationStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link ModerationStoreContract} on SecantusDB: a one-node replica set with majority concerns,
 * where racing rule changes meet in a real storage engine. One server for the class, a fresh
 * database per test.
 */
class SecantusModerationStoreTests extends ModerationStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected ModerationStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoModerationStore(fixture.open());
  }

  @Override
  protected ModerationStore reopen() {
    return new MongoModerationStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
