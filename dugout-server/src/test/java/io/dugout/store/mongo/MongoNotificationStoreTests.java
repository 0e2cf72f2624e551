package io.dugout.store.mongo;

import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationStoreContract;

/** {@link NotificationStoreContract} on mongo-java-server, in this JVM. */
class MongoNotificationStoreTests extends NotificationStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected NotificationStore openEmpty() {
    server = new InJvmMongo();
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
    server.close();
  }
}
