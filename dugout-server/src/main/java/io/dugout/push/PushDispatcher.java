package io.dugout.push;

import io.dugout.notification.Notification;
import io.dugout.system.BackendOutage;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Turns stored notifications into pushes and sends them: each notification becomes one push per
 * device of its user (devices that push {@code away} only while the user had no live session), with
 * the user's unread count as the badge, and each push is sent through its platform's {@link
 * PushProvider}.
 *
 * <ul>
 *   <li>Never on the send path: {@link #offer} only takes a place in a bounded queue ({@code
 *       dugout.push.queue}); when none is free the push is counted in {@code dugout.push.dropped}.
 *       A place is held until the push is accepted, removed or dead-lettered, so retries count
 *       against the bound.
 *   <li>{@code dugout.push.concurrency} virtual threads send, so at most that many pushes are in
 *       flight; a slow provider slows only pushes.
 *   <li>A dead token's device is removed at once ({@link DeviceStore#removeToken}). A push the
 *       provider asks to retry is retried with {@link PushBackoff} while its next attempt starts
 *       within {@code deadline} of its first; then, or when the provider refuses it for good, it
 *       becomes a {@link PushDeadLetter}.
 *   <li>Each provider's outages are logged once each ({@link BackendOutage}): one WARN line when
 *       pushes start failing to reach it, one INFO line when it answers again.
 *   <li>At least once while the node runs, at most once per stored notification and device; pushes
 *       queued when the node stops are lost.
 * </ul>
 */
final class PushDispatcher implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(PushDispatcher.class);

  private final PushProperties properties;
  private final Map<Device.Platform, PushProvider> providers;
  private final Map<Device.Platform, BackendOutage> outages;
  private final DeviceStore devices;
  private final Badges badges;
  private final PushContent content;
  private final PushMetrics metrics;
  private final PushDeadLetters deadLetters;
  private final Clock clock;
  private final PushBackoff backoff;
  private final Semaphore places;
  private final DelayQueue<PushTask> due = new DelayQueue<>();
  private final List<Thread> workers = new ArrayList<>();
  private volatile boolean running;

  PushDispatcher(
      PushProperties properties,
      Map<Device.Platform, PushProvider> providers,
      Map<Device.Platform, BackendOutage> outages,
      DeviceStore devices,
      Badges badges,
      PushContent content,
      PushMetrics metrics,
      PushDeadLetters deadLetters,
      Clock clock) {
    this.properties = properties;
    this.providers = Map.copyOf(providers);
    this.outages = Map.copyOf(outages);
    this.devices = devices;
    this.badges = badges;
    this.content = content;
    this.metrics = metrics;
    this.deadLetters = deadLetters;
    this.clock = clock;
    this.backoff = new PushBackoff(properties.initialBackoff(), properties.maxBackoff());
    this.places = new Semaphore(properties.queue());
    metrics.queueDepth(this::depth);
  }

  /** Whether any provider is configured. */
  boolean enabled() {
    return !providers.isEmpty();
  }

  /** Only takes a queue place: never blocks, never throws. */
  void offer(Notification notification, boolean online) {
    if (!running) {
      return;
    }
    if (!places.tryAcquire()) {
      metrics.dropped();
      return;
    }
    due.add(PushTask.job(notification, online, clock.instant()));
  }

  /** Pushes queued, waiting for a retry or in flight. */
  int depth() {
    return properties.queue() - places.availablePermits();
  }

  private void work() {
    while (!Thread.currentThread().isInterrupted()) {
      PushTask task;
      try {
        task = due.take();
      } catch (InterruptedException e) {
        return;
      }
      try {
        if (task.isJob()) {
          expand(task);
        } else {
          attempt(task);
        }
      } catch (RuntimeException e) {
        if (task.isJob()) {
          log.warn("Pushes of notification {} failed", task.notification.id(), e);
          places.release();
        } else {
          task.lastError = e.toString();
          giveUp(task);
        }
      }
    }
  }

  /** One push per device that wants it; the job's place goes to the first of them. */
  private void expand(PushTask job) {
    Notification notification = job.notification;
    var wanted = new ArrayList<Device>();
    for (Device device : devices.devicesOf(notification.userId())) {
      if (providers.containsKey(device.platform())
          && (device.when() == Device.When.ALWAYS || !job.online)) {
        wanted.add(device);
      }
    }
    if (wanted.isEmpty()) {
      places.release();
      return;
    }
    int badge = badges.of(notification.userId());
    for (int i = 0; i < wanted.size(); i++) {
      if (i > 0 && !places.tryAcquire()) {
        metrics.dropped();
        continue;
      }
      due.add(PushTask.attempt(content.of(notification, wanted.get(i), badge), job.queuedAt));
    }
  }

  private void attempt(PushTask task) {
    Device device = task.push.device();
    Device.Platform platform = device.platform();
    if (task.attempts == 0) {
      task.firstAttemptNanos = System.nanoTime();
    }
    task.attempts++;
    PushOutcome outcome = providers.get(platform).send(task.push);
    BackendOutage outage = outages.get(platform);
    switch (outcome.result()) {
      case ACCEPTED -> {
        outage.succeeded();
        metrics.sent(platform, Duration.between(task.push.storedAt(), clock.instant()));
        places.release();
      }
      case DEAD_TOKEN -> {
        outage.succeeded();
        metrics.failed(platform, outcome.reason());
        if (devices.removeToken(platform, device.token())) {
          metrics.tokenRemoved(platform);
        }
        places.release();
      }
      case RETRY -> {
        outage.failed(new IOException(outcome.detail()));
        metrics.failed(platform, outcome.reason());
        task.lastError = outcome.detail();
        Duration wait = backoff.after(task.attempts, outcome.retryAfter());
        long deadline = task.firstAttemptNanos + properties.deadline().toNanos();
        if (running && System.nanoTime() + wait.toNanos() - deadline <= 0) {
          metrics.retried(platform);
          task.retryIn(wait.toNanos());
          due.add(task);
        } else {
          giveUp(task);
        }
      }
      case FAILED -> {
        // why: the provider answered, so it is no outage; BackendOutage logs refusals at most
        // once in 30 s, so bad credentials or a wrong topic show without a line per push
        outage.failed(new IllegalStateException(outcome.detail()));
        metrics.failed(platform, outcome.reason());
        task.lastError = outcome.detail();
        giveUp(task);
      }
    }
  }

  private void giveUp(PushTask task) {
    Device device = task.push.device();
    deadLetters.add(
        new PushDeadLetter(
            task.push.notificationId(),
            device.userId(),
            device.deviceId(),
            PushMetrics.tag(device.platform()),
            task.attempts,
            task.lastError,
            task.queuedAt,
            clock.instant()));
    metrics.deadLettered(device.platform());
    places.release();
  }

  @Override
  public void start() {
    if (!enabled()) {
      return;
    }
    running = true;
    for (int i = 0; i < properties.concurrency(); i++) {
      workers.add(Thread.ofVirtual().name("dugout-push-" + i).start(this::work));
    }
    log.info(
        "Device push on: {} ({} in flight at most)",
        providers.keySet().stream().map(PushMetrics::tag).sorted().toList(),
        properties.concurrency());
  }

  @Override
  public void stop() {
    if (!running) {
      return;
    }
    running = false;
    workers.forEach(Thread::interrupt);
    for (Thread worker : workers) {
      try {
        worker.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    workers.clear();
    providers.values().forEach(PushProvider::close);
    int lost = depth();
    if (lost > 0) {
      log.warn("{} push(es) were still waiting and will not be sent", lost);
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }
}
