package io.dugout.screen;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Calls of the before-send hook by outcome ({@code dugout.hooks.before.send.calls}) and how long
 * each took, waiting for a free call included ({@code dugout.hooks.before.send.latency}).
 */
final class HookMetrics {

  /** How a call ended. */
  enum Outcome {
    ALLOW,
    REJECT,
    REPLACE,
    /** No answer within the timeout. */
    TIMEOUT,
    /** No free call within the timeout: {@code concurrency} calls were in flight. */
    BUSY,
    /** No connection, or a status other than 2xx. */
    ERROR,
    /** A 2xx whose body is not an answer. */
    INVALID
  }

  private final Map<Outcome, Counter> calls = new EnumMap<>(Outcome.class);
  private final Timer latency;

  HookMetrics(MeterRegistry registry) {
    for (Outcome outcome : Outcome.values()) {
      calls.put(
          outcome,
          Counter.builder("dugout.hooks.before.send.calls")
              .description("before-send hook calls by outcome")
              .tag("outcome", outcome.name().toLowerCase())
              .register(registry));
    }
    this.latency =
        Timer.builder("dugout.hooks.before.send.latency")
            .description("before-send hook calls, from the send asking to its answer or failure")
            .publishPercentileHistogram()
            .register(registry);
  }

  void record(Outcome outcome, long startNanos) {
    calls.get(outcome).increment();
    latency.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
  }
}
