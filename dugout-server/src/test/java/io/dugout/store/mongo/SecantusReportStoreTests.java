package io.dugout.store.mongo;

import io.dugout.report.ReportStore;
import io.dugout.report.ReportStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link ReportStoreContract} on SecantusDB: a one-node replica set with majority concerns, where
 * racing reports of one message meet the unique index in a real storage engine. One server for the
 * class, a fresh database per test.
 */
class SecantusReportStoreTests extends ReportStoreContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected ReportStore openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoReportStore(fixture.open());
  }

  @Override
  protected ReportStore reopen() {
    return new MongoReportStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
