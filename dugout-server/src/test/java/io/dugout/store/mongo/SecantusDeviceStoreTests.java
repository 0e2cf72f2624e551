package io.dugout.store.mongo;

import io.dugout.push.DeviceStore;
import io.dugout.push.DeviceStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link DeviceStoreContract} on SecantusDB: a one-node replica set with majority concerns, where
 * racing puts of one token meet the unique index in a real storage engine. One server for the
 * class, a fresh database per test.
 */
class SecantusDeviceStoreTests extends DeviceStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected DeviceStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoDeviceStore(fixture.open());
  }

  @Override
  protected DeviceStore reopen() {
    return new MongoDeviceStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
