package io.dugout.store.mongo;

import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link NotificationStoreContract} on SecantusDB: real WiredTiger indexes, a one-node replica set,
 * majority concerns, idempotent sends in a transaction, TTL indexes. One server for the class, a
 * fresh database per test.
 */
class SecantusNotificationStoreTests extends NotificationStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected NotificationStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
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
