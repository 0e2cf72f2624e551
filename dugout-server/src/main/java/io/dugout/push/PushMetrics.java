package io.dugout.push;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Collection;
import java.util.function.Supplier;

/**
 * The push meters ({@code dugout.push.*}), tagged by provider ({@code apns}, {@code fcm}) and a
 * failure's reason, never by user or device.
 */
final class PushMetrics {

  private static final String SENT = "pushes the provider accepted";
  private static final String RETRIED = "failed attempts tried again after a backoff";
  private static final String REMOVED = "devices removed because their token died";
  private static final String DEAD_LETTERED = "pushes given up on";
  private static final String OUTBOX_FAILED =
      "push outbox writes that failed: add (pushes kept in memory only) or remove (pushed again)";

  private final MeterRegistry registry;
  private final Counter dropped;
  private final Counter superseded;
  private final Counter deadLetterFailed;

  PushMetrics(MeterRegistry registry, Collection<Device.Platform> platforms) {
    this.registry = registry;
    this.dropped =
        Counter.builder("dugout.push.dropped")
            .description("pushes never queued because the push queue was full")
            .register(registry);
    this.superseded =
        Counter.builder("dugout.push.superseded")
            .description(
                "notifications whose pushes, still waiting, were replaced by a newer version of the"
                    + " same notification (sent once, the newer)")
            .register(registry);
    this.deadLetterFailed =
        Counter.builder("dugout.push.dead.letters.failed")
            .description(
                "push dead letters the store failed to keep (still counted as dead-lettered)")
            .register(registry);
    // why: a counter that exists from the start reads 0 on dashboards, not "no data"
    outboxCounter("add");
    outboxCounter("remove");
    for (Device.Platform platform : platforms) {
      counter("dugout.push.sent", SENT, platform);
      counter("dugout.push.retried", RETRIED, platform);
      counter("dugout.push.tokens.removed", REMOVED, platform);
      counter("dugout.push.dead.lettered", DEAD_LETTERED, platform);
    }
  }

  void queueDepth(Supplier<Number> depth) {
    Gauge.builder("dugout.push.queue.depth", depth)
        .description("pushes queued, waiting for a retry, or in flight")
        .register(registry);
  }

  void sent(Device.Platform platform, Duration sinceStored) {
    counter("dugout.push.sent", SENT, platform).increment();
    Timer.builder("dugout.push.latency")
        .description("from the notification stored to the provider accepting its push")
        .tag("provider", tag(platform))
        .publishPercentileHistogram()
        .register(registry)
        .record(sinceStored.isNegative() ? Duration.ZERO : sinceStored);
  }

  void failed(Device.Platform platform, String reason) {
    Counter.builder("dugout.push.failed")
        .description("attempts that failed, by reason")
        .tag("provider", tag(platform))
        .tag("reason", reason)
        .register(registry)
        .increment();
  }

  void retried(Device.Platform platform) {
    counter("dugout.push.retried", RETRIED, platform).increment();
  }

  void tokenRemoved(Device.Platform platform) {
    counter("dugout.push.tokens.removed", REMOVED, platform).increment();
  }

  void deadLettered(Device.Platform platform) {
    counter("dugout.push.dead.lettered", DEAD_LETTERED, platform).increment();
  }

  /** An outbox {@code operation} ({@code add} or {@code remove}) failed. */
  void outboxFailed(String operation) {
    outboxCounter(operation).increment();
  }

  /** A dead letter could not be kept in the store. */
  void deadLetterFailed() {
    deadLetterFailed.increment();
  }

  private Counter outboxCounter(String operation) {
    return Counter.builder("dugout.push.outbox.failed")
        .description(OUTBOX_FAILED)
        .tag("operation", operation)
        .register(registry);
  }

  void dropped() {
    dropped.increment();
  }

  void superseded() {
    superseded.increment();
  }

  private Counter counter(String name, String description, Device.Platform platform) {
    return Counter.builder(name)
        .description(description)
        .tag("provider", tag(platform))
        .register(registry);
  }

  static String tag(Device.Platform platform) {
    return platform.name().toLowerCase();
  }
}
