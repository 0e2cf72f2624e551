package io.dugout.store.rocksdb;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The store's health: DOWN when the database is closed or RocksDB reports a background error (after
 * one, RocksDB refuses writes until it is reopened). Part of the readiness group: a node whose
 * store cannot write should get no traffic.
 */
final class RocksDbHealth implements HealthIndicator {

  private final RocksDbStorage storage;

  RocksDbHealth(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public Health health() {
    double errors = storage.property("rocksdb.background-errors", false);
    if (Double.isNaN(errors)) {
      return Health.down().withDetail("store", "rocksdb").withDetail("reason", "closed").build();
    }
    if (errors > 0) {
      return Health.down()
          .withDetail("store", "rocksdb")
          .withDetail("backgroundErrors", (long) errors)
          .build();
    }
    return Health.up().withDetail("store", "rocksdb").build();
  }
}
