package io.dugout.notification;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * The notification meters ({@code dugout.notifications.*}), registered once so recording is an
 * increment. Tags name where a notification came from, never a user.
 */
@Component
class NotificationMetrics {

  private final Counter sent;
  private final Counter chat;
  private final Counter replayed;
  private final Counter chatDropped;
  private final Counter expired;

  NotificationMetrics(MeterRegistry registry) {
    sent = stored(registry, "api");
    chat = stored(registry, "chat");
    replayed =
        Counter.builder("dugout.notifications.replayed")
            .description("sends whose idempotency key was used before: nothing stored")
            .register(registry);
    chatDropped =
        Counter.builder("dugout.notifications.chat.dropped")
            .description(
                "chat messages that notified nobody (and reads that settled nothing) because the"
                    + " chat notifier was full")
            .register(registry);
    expired =
        Counter.builder("dugout.notifications.expired")
            .description("expired notifications deleted by the sweep")
            .register(registry);
  }

  private static Counter stored(MeterRegistry registry, String source) {
    return Counter.builder("dugout.notifications.stored")
        .description("notifications stored or updated (a collapsed chat notification)")
        .tag("source", source)
        .register(registry);
  }

  void sent(int notifications) {
    sent.increment(notifications);
  }

  void replayed() {
    replayed.increment();
  }

  void chatStored(int notifications) {
    chat.increment(notifications);
  }

  void chatDropped() {
    chatDropped.increment();
  }

  void expired(int notifications) {
    expired.increment(notifications);
  }
}
