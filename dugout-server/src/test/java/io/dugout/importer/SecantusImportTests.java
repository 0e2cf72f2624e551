package io.dugout.importer;

import io.dugout.store.mongo.SecantusServer;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The import contract on cluster storage with real indexes and transactions: SecantusDB (a one-node
 * replica set, majority concerns), one server for the class, a database per test.
 */
class SecantusImportTests extends ImportContract {

  private static SecantusServer server;

  @BeforeAll
  static void startServer() {
    server = SecantusServer.start();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Override
  String[] storeSettings() {
    String database = "import" + UUID.randomUUID().toString().replace("-", "");
    return new String[] {
      "--dugout.store.type=mongodb", "--spring.mongodb.uri=" + server.uri() + "/" + database
    };
  }
}
