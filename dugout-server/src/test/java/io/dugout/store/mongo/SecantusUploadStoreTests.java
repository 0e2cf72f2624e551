package io.dugout.store.mongo;

import io.dugout.file.UploadStore;
import io.dugout.file.UploadStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link UploadStoreContract} on SecantusDB: a one-node replica set with majority concerns, where
 * racing messages' {@code findOneAndUpdate} calls meet in a real storage engine. One server for the
 * class, a fresh database per test.
 */
class SecantusUploadStoreTests extends UploadStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected UploadStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoUploadStore(fixture.open());
  }

  @Override
  protected UploadStore reopen() {
    return new MongoUploadStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
