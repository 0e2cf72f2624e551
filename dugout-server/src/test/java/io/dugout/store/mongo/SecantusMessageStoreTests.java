package io.dugout.store.mongo;

import io.dugout.message.MessageStore;
import io.dugout.message.MessageStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link MessageStoreContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns. One server for the class, a fresh database per test.
 */
class SecantusMessageStoreTests extends MessageStoreContract {

  private static SecantusServer server;
  private MongoFixture fixture;

  @BeforeAll
  static void startServer() {
    server = SecantusServer.start();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected MessageStore openEmpty() {
    fixture = new MongoFixture(server.uri());
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
