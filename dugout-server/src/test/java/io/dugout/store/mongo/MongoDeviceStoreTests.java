package io.dugout.store.mongo;

import io.dugout.push.DeviceStore;
import io.dugout.push.DeviceStoreContract;

/** {@link DeviceStoreContract} on mongo-java-server, in this JVM. */
class MongoDeviceStoreTests extends DeviceStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected DeviceStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoDeviceStore(fixture.open());
  }

  @Override
  protected DeviceStore reopen() {
    return new MongoDeviceStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
