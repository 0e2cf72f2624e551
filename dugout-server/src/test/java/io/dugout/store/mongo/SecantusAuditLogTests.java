package io.dugout.store.mongo;

import io.dugout.audit.AuditLog;
import io.dugout.audit.AuditLogContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link AuditLogContract} on SecantusDB: a one-node replica set with majority concerns, where an
 * entry appended twice meets the unique _id in a real storage engine. One server for the class, a
 * fresh database per test.
 */
class SecantusAuditLogTests extends AuditLogContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected AuditLog openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoAuditLog(fixture.open());
  }

  @Override
  protected AuditLog reopen() {
    return new MongoAuditLog(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
