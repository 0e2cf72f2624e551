package io.dugout.store.mongo;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link SecantusServer} for a test class, started before its first test and stopped after its
 * last: {@code @RegisterExtension static final SecantusExtension secantus = new
 * SecantusExtension();}. Started before the class's own {@code @BeforeAll} methods run, so they can
 * use it; when SecantusDB cannot be installed the class is skipped, saying why.
 */
final class SecantusExtension implements BeforeAllCallback, AfterAllCallback {

  private SecantusServer server;

  @Override
  public void beforeAll(ExtensionContext context) {
    server = SecantusServer.start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  String uri() {
    return server.uri();
  }
}
