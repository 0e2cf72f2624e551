package io.dugout.notification.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * The webhook meters ({@code dugout.notifications.webhook.*}). Tags name a failure's kind, never a
 * user.
 */
@Component
class WebhookMetrics {

  private final MeterRegistry registry;
  private final Counter sent;
  private final Counter retried;
  private final Counter deadLettered;
  private final Counter dropped;
  private final Map<String, Counter> failed;

  WebhookMetrics(MeterRegistry registry) {
    this.registry = registry;
    sent =
        Counter.builder("dugout.notifications.webhook.sent")
            .description("notifications the webhook receiver accepted (2xx)")
            .register(registry);
    retried =
        Counter.builder("dugout.notifications.webhook.retried")
            .description("failed attempts that will be tried again after a backoff")
            .register(registry);
    deadLettered =
        Counter.builder("dugout.notifications.webhook.dead.lettered")
            .description("notifications given up on: attempts used up, or a 4xx not worth a retry")
            .register(registry);
    dropped =
        Counter.builder("dugout.notifications.webhook.dropped")
            .description("notifications never queued for the webhook because its queue was full")
            .register(registry);
    failed =
        Map.of(
            "http_5xx", failed(registry, "http_5xx"),
            "http_4xx", failed(registry, "http_4xx"),
            "http_3xx", failed(registry, "http_3xx"),
            "timeout", failed(registry, "timeout"),
            "connection", failed(registry, "connection"));
  }

  private static Counter failed(MeterRegistry registry, String reason) {
    return Counter.builder("dugout.notifications.webhook.failed")
        .description("attempts that failed, by reason")
        .tag("reason", reason)
        .register(registry);
  }

  /** Reports how many notifications are queued, waiting for a retry or in flight. */
  void queueDepth(Supplier<Number> depth) {
    Gauge.builder("dugout.notifications.webhook.queue.depth", depth)
        .description("notifications queued, waiting for a retry, or in flight")
        .register(registry);
  }

  void sent() {
    sent.increment();
  }

  void failed(String reason) {
    failed.get(reason).increment();
  }

  void retried() {
    retried.increment();
  }

  void deadLettered() {
    deadLettered.increment();
  }

  void dropped() {
    dropped.increment();
  }
}
