package io.dugout.store.mongo;

import io.dugout.file.UploadStore;
import io.dugout.file.UploadStoreContract;

/** {@link UploadStoreContract} on mongo-java-server, in this JVM. */
class MongoUploadStoreTests extends UploadStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected UploadStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoUploadStore(fixture.open());
  }

  @Override
  protected UploadStore reopen() {
    return new MongoUploadStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
