package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.message.MessageStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link MessageStoreContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns. One server for the class, a fresh database per test.
 */
class SecantusMessageStoreTests extends MessageStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected MessageStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoMessageStore(fixture.open());
  }

  @Override
  protected MessageStore reopen() {
    return new MongoMessageStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
