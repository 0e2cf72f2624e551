package io.dugout.store.mongo;

import io.dugout.report.ReportStore;
import io.dugout.report.ReportStoreContract;

/** {@link ReportStoreContract} on mongo-java-server, in this JVM. */
class MongoReportStoreTests extends ReportStoreContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected ReportStore openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoReportStore(fixture.open());
  }

  @Override
  protected ReportStore reopen() {
    return new MongoReportStore(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
