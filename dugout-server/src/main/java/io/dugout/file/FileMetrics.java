package io.dugout.file;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts uploads removed ({@code dugout.files.removed}), by why: {@code expired} (no message used
 * it and its slot expired), {@code message_deleted} (its message was deleted), {@code orphan}
 * (bytes in the file store with no upload).
 */
final class FileMetrics {

  private final Counter expired;
  private final Counter messageDeleted;
  private final Counter orphan;

  FileMetrics(MeterRegistry registry) {
    this.expired = counter(registry, "expired");
    this.messageDeleted = counter(registry, "message_deleted");
    this.orphan = counter(registry, "orphan");
  }

  private static Counter counter(MeterRegistry registry, String reason) {
    return Counter.builder("dugout.files.removed")
        .description("uploads (or stored objects with no upload) removed, by reason")
        .tag("reason", reason)
        .register(registry);
  }

  void expired() {
    expired.increment();
  }

  void messageDeleted() {
    messageDeleted.increment();
  }

  void orphan() {
    orphan.increment();
  }
}
