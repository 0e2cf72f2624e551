package io.dugout.store.mongo;

import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.UUID;

/**
 * A database of its own on a MongoDB-wire server, opened the way {@code MongoConfiguration} opens
 * it (majority concerns, indexes created). {@link #reopen} closes the client and opens a new one
 * over the same data, as a restarted node would.
 */
final class MongoFixture implements AutoCloseable {

  private final String uri;
  private final String database = "dugout_" + UUID.randomUUID().toString().replace("-", "");
  private MongoClient client;
  private MongoStorage storage;

  MongoFixture(String uri) {
    this.uri = uri;
  }

  MongoStorage open() {
    client = MongoClients.create(uri);
    storage = MongoStorage.open(client, database, WriteConcern.MAJORITY, ReadConcern.MAJORITY);
    return storage;
  }

  MongoStorage reopen() {
    client.close();
    return open();
  }

  /** The storage last opened, for a second store over the same database. */
  MongoStorage storage() {
    return storage;
  }

  @Override
  public void close() {
    if (client != null) {
      client.close();
    }
  }
}
