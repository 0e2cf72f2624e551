package io.dugout.store.mongo;

import io.dugout.audit.AuditLog;
import io.dugout.audit.AuditLogContract;

/** {@link AuditLogContract} on mongo-java-server, in this JVM. */
class MongoAuditLogTests extends AuditLogContract {

  private InJvmMongo server;
  private MongoFixture fixture;

  @Override
  protected AuditLog openEmpty() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    return new MongoAuditLog(fixture.open());
  }

  @Override
  protected AuditLog reopen() {
    return new MongoAuditLog(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
    server.close();
  }
}
