package io.dugout.store;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.noop.NoopTimer;
import java.time.Duration;

/**
 * How long a store's operations take: {@code dugout.store.latency} tagged with the store ({@code
 * rocksdb}, {@code mongodb}) and the kind of operation, with fixed buckets from 10 µs to 1 s so
 * that both stores fill one dashboard panel.
 *
 * @param read a point read (dedupe check, room and member lookups, last seq)
 * @param write a durable write (message append, membership and read-marker changes)
 * @param scan a range read (history page, replay, room list)
 */
public record StoreTimers(Timer read, Timer write, Timer scan) {

  /** Timers that record nothing, until a registry is bound. */
  public static final StoreTimers NONE = new StoreTimers(none("read"), none("write"), none("scan"));

  private static final Duration[] SLO = {
    Duration.ofNanos(10_000),
    Duration.ofNanos(25_000),
    Duration.ofNanos(50_000),
    Duration.ofNanos(100_000),
    Duration.ofNanos(250_000),
    Duration.ofNanos(500_000),
    Duration.ofMillis(1),
    Duration.ofMillis(2),
    Duration.ofMillis(5),
    Duration.ofMillis(10),
    Duration.ofMillis(25),
    Duration.ofMillis(100),
    Duration.ofSeconds(1)
  };

  /** Registers the three timers of {@code store}, each described for the operator. */
  public static StoreTimers register(
      MeterRegistry registry, String store, String read, String write, String scan) {
    return new StoreTimers(
        timer(registry, store, "read", read),
        timer(registry, store, "write", write),
        timer(registry, store, "scan", scan));
  }

  private static Timer timer(MeterRegistry registry, String store, String op, String description) {
    return Timer.builder("dugout.store.latency")
        .description("store operation latency; " + op + ": " + description)
        .tag("store", store)
        .tag("op", op)
        .serviceLevelObjectives(SLO)
        .register(registry);
  }

  private static Timer none(String op) {
    return new NoopTimer(new Meter.Id("none." + op, null, null, null, Meter.Type.TIMER));
  }
}
