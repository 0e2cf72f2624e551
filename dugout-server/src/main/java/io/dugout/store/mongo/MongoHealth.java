package io.dugout.store.mongo;

import io.dugout.system.BackendOutage;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The store's health in MongoDB mode: UP while the database answers a {@code ping}, DOWN at once
 * while the driver's monitor finds it away (without waiting out a server selection). Contributes
 * {@code store} to the readiness group, as the RocksDB store does in embedded mode.
 */
final class MongoHealth implements HealthIndicator {

  private final MongoStorage storage;
  private final BackendOutage outage;

  MongoHealth(MongoStorage storage, BackendOutage outage) {
    this.storage = storage;
    this.outage = outage;
  }

  @Override
  public Health health() {
    if (outage.down()) {
      return Health.down().withDetail("store", "mongodb").withDetail("reason", "outage").build();
    }
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
