package io.dugout.store.mongo;

import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link NotificationStoreContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns, idempotent sends in a transaction, TTL indexes. One server for the class, a
 * fresh database per test.
 */
class SecantusNotificationStoreTests extends NotificationStoreContract {

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
  protected NotificationStore openEmpty() {
    fixture = new MongoFixture(server.uri());
    return new MongoNotificationStore(fixture.open());
  }

  @Override
  protected NotificationStore reopen() {
    return new MongoNotificationStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
