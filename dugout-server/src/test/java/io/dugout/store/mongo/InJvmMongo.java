package io.dugout.store.mongo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * mongo-java-server in this JVM on a random loopback port: fast, enough for the contracts' CRUD and
 * unique indexes, but no real range indexes, no transactions and no replication, so it checks
 * behaviour, never speed or durability.
 */
public final class InJvmMongo implements AutoCloseable {

  private final MongoServer server = new MongoServer(new MemoryBackend());
  private final String uri;

  private static InJvmMongo shared;

  /** One server for the whole test JVM, started on first use and stopped when the JVM exits. */
  public static synchronized InJvmMongo shared() {
    if (shared == null) {
      shared = new InJvmMongo();
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close));
    }
    return shared;
  }

  public InJvmMongo() {
    server.bind("127.0.0.1", 0);
    var address = server.getLocalAddress();
    uri = "mongodb://127.0.0.1:" + address.getPort();
  }

  public String uri() {
    return uri;
  }

  @Override
  public void close() {
    server.shutdownNow();
  }
}
