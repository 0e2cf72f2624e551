package io.dugout.store.mongo;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The store's health in MongoDB mode: UP while the database answers a {@code ping}. Contributes
 * {@code store} to the readiness group, as the RocksDB store does in embedded mode.
 */
final class MongoHealth implements HealthIndicator {

  private final MongoStorage storage;

  MongoHealth(MongoStorage storage) {
    this.storage = storage;
  }

  @Override
  public Health health() {
    try {
      storage.ping();
      return Health.up().withDetail("store", "mongodb").build();
    } catch (RuntimeException e) {
      return Health.down()
          .withDetail("store", "mongodb")
          .withDetail("reason", e.getClass().getSimpleName())
          .build();
    }
  }
}
