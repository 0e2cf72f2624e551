package io.dugout.notification.webhook;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationListener;
import io.dugout.notification.NotificationView;
import io.dugout.notification.Presence;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Offline delivery: each stored notification whose user has no open session on this node (asked of
 * {@link Presence} when it is stored) is posted to {@code dugout.notifications.webhook.url},
 * signed, and retried with {@link Backoff} until the receiver answers 2xx, answers a 4xx other than
 * 408 or 429, or {@code max-attempts} are used up; then it becomes a {@link DeadLetter}.
 *
 * <p>Never on the send path: {@link #notificationStored} only takes a place in a bounded queue
 * ({@code queue}) and returns; when none is free the notification is counted in {@code
 * dugout.notifications.webhook.dropped} and not posted. A place is held until the notification is
 * delivered or dead-lettered, so retries count against the bound. {@code concurrency} virtual
 * threads post, so a slow receiver slows only the webhook. At least once while the node runs: the
 * receiver de-duplicates by {@code Dugout-Delivery}; what is queued when the node stops is lost.
 */
@Component
class OfflineWebhook implements NotificationListener, SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(OfflineWebhook.class);

  private final WebhookProperties properties;
  private final Presence presence;
  private final WebhookMetrics metrics;
  private final DeadLetters deadLetters;
  private final JsonMapper json;
  private final Clock clock;
  private final Backoff backoff;
  private final Semaphore places;
  private final DelayQueue<Delivery> due = new DelayQueue<>();
  private final List<Thread> workers = new ArrayList<>();
  private volatile WebhookPoster poster;

  OfflineWebhook(
      WebhookProperties properties,
      Presence presence,
      WebhookMetrics metrics,
      DeadLetters deadLetters,
      JsonMapper json,
      Clock clock) {
    this.properties = properties;
    this.presence = presence;
    this.metrics = metrics;
    this.deadLetters = deadLetters;
    this.json = json;
    this.clock = clock;
    this.backoff = new Backoff(properties.initialBackoff(), properties.maxBackoff());
    this.places = new Semaphore(properties.queue());
    metrics.queueDepth(this::depth);
  }

  /** Only takes a queue place: never blocks, never throws. */
  @Override
  public void notificationStored(Notification notification) {
    if (poster == null || presence.isOnline(notification.userId())) {
      return;
    }
    if (!places.tryAcquire()) {
      metrics.dropped();
      return;
    }
    due.add(new Delivery(notification, clock.instant()));
  }

  /**
   * Queues another event for the webhook, retried like notifications (see {@link ReportAlerts});
   * false when the webhook is off or its queue is full. Never blocks.
   */
  boolean offer(Delivery delivery) {
    if (poster == null) {
      return false;
    }
    if (!places.tryAcquire()) {
      metrics.dropped();
      return false;
    }
    due.add(delivery);
    return true;
  }

  /** Notifications queued, waiting for a retry or in flight. */
  int depth() {
    return properties.queue() - places.availablePermits();
  }

  private void work() {
    while (!Thread.currentThread().isInterrupted()) {
      Delivery delivery;
      try {
        delivery = due.take();
      } catch (InterruptedException e) {
        return;
      }
      try {
        attempt(delivery);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        delivery.lastError = e.toString();
        giveUp(delivery);
      }
    }
  }

  private void attempt(Delivery delivery) throws InterruptedException {
    if (delivery.body == null) {
      delivery.body =
          json.writeValueAsBytes(
              new WebhookBody(
                  "notification",
                  delivery.notification.userId(),
                  NotificationView.of(delivery.notification)));
    }
    delivery.attempts++;
    Attempt attempt = poster.post(delivery);
    if (attempt.delivered()) {
      metrics.sent();
      places.release();
      return;
    }
    metrics.failed(attempt.reason());
    delivery.lastError = attempt.error();
    if (attempt.retryable() && delivery.attempts < properties.maxAttempts()) {
      metrics.retried();
      delivery.retryIn(backoff.after(delivery.attempts, attempt.retryAfter()).toNanos());
      due.add(delivery);
      return;
    }
    giveUp(delivery);
  }

  private void giveUp(Delivery delivery) {
    deadLetters.add(
        new DeadLetter(
            delivery.id(),
            delivery.userId,
            delivery.attempts,
            delivery.lastError,
            delivery.queuedAt,
            clock.instant(),
            delivery.notification == null ? null : NotificationView.of(delivery.notification)));
    metrics.deadLettered();
    places.release();
    log.warn(
        "Webhook gave up on delivery {} after {} attempt(s): {}",
        delivery.id(),
        delivery.attempts,
        delivery.lastError);
  }

  @Override
  public void start() {
    if (!properties.enabled()) {
      return;
    }
    poster = new WebhookPoster(properties, clock);
    for (int i = 0; i < properties.concurrency(); i++) {
      workers.add(Thread.ofVirtual().name("dugout-webhook-" + i).start(this::work));
    }
    log.info(
        "Offline notifications go to the webhook at {} ({} attempts at most)",
        properties.url(),
        properties.maxAttempts());
  }

  @Override
  public void stop() {
    WebhookPoster running = poster;
    if (running == null) {
      return;
    }
    poster = null;
    workers.forEach(Thread::interrupt);
    for (Thread worker : workers) {
      try {
        worker.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    workers.clear();
    running.close();
    int lost = depth();
    if (lost > 0) {
      log.warn(
          "{} notification(s) were still waiting for the webhook and will not be posted", lost);
    }
  }

  @Override
  public boolean isRunning() {
    return poster != null;
  }

  /** What the receiver gets: docs/protocol.md, "Offline delivery webhook". */
  record WebhookBody(String type, String userId, NotificationView notification) {}
}
