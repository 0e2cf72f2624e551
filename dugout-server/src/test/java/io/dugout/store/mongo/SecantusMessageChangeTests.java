package io.dugout.store.mongo;

import io.dugout.message.MessageChangeContract;
import io.dugout.message.MessageStore;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link MessageChangeContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns. One server for the class, a fresh database per test.
 */
class SecantusMessageChangeTests extends MessageChangeContract {

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
