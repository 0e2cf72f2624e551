package io.dugout.push;

import io.dugout.notification.Notification;
import io.dugout.system.BackendOutage;
import io.dugout.system.Ids;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Semaphore;
import java.util.function.Predicate;
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
 *   <li><b>The newest wins while waiting.</b> A notification offered again (a room's chat
 *       notification, updated by each message) while its earlier version still waits for a worker
 *       replaces it in its place ({@code dugout.push.superseded}), in memory: its user's phones get
 *       one push, of the newest message, not one per message that a busy queue would have dropped
 *       the last of. A version a worker already took is pushed as it was, and the newer one after
 *       it.
 *   <li><b>At most one push per notification per {@code room-interval}.</b> A version offered
 *       sooner after the last one a worker took waits for the rest of the interval, superseded by
 *       newer ones meanwhile: a busy room's away member gets the first message at once and then the
 *       newest at most every interval, rather than one push per message (FCM throttles collapsible
 *       pushes to a device beyond a burst of 20, and each push costs the node about as much as a
 *       message).
 *   <li>{@code dugout.push.concurrency} virtual threads send, so at most that many pushes are in
 *       flight; a slow provider slows only pushes.
 *   <li>A dead token's device is removed at once ({@link DeviceStore#removeToken}). A push the
 *       provider asks to retry is retried with {@link PushBackoff} while its next attempt starts
 *       within {@code deadline} of its first; then, or when the provider refuses it for good, it
 *       becomes a {@link PushDeadLetter}.
 *   <li>Each provider's outages are logged once each ({@link BackendOutage}): one WARN line when
 *       pushes start failing to reach it, one INFO line when it answers again.
 *   <li><b>At least once, across crashes.</b> Before a notification's pushes are queued, an entry
 *       for it is written to the {@link PushOutbox} on the thread that stored the notification (so
 *       in a cluster before the notification's Kafka offset is committed, and on one node before
 *       the chat notifier moves on); the entry is removed once every push of it was accepted,
 *       dropped with a dead token or dead-lettered. When this node comes to own users ({@link
 *       #resume}: at start on one node, with each notification partition Kafka gives it in a
 *       cluster), it queues again the entries of those users it is not already pushing, left by a
 *       node that was killed or stopped, each as its notification {@link StandingNotifications
 *       stands} then: the newest version of a room's notification (newer ones superseded the
 *       entry's in memory only), and none once the user read it. A push may so be sent twice
 *       (killed after the provider accepted, before the entry was removed); both carry the
 *       notification's collapse key, so the phone shows one. Pushes dropped for a full queue are
 *       not kept.
 * </ul>
 *
 * <p>Why an outbox rather than holding back the Kafka offset of a notification until its pushes
 * finish: the same code then keeps the promise on one node (where there is no offset) and in a
 * cluster; a retrying push holds back nothing else (a held offset would make a crash replay, store
 * and count again every later notification of the partition); and it costs one small write per
 * notification on the notification owner's thread, never on the message send path.
 *
 * <p>Over 300 lines: the queue's places, the workers' retries and each outbox entry's life are one
 * piece of accounting (a place is given back, and an entry leaves the outbox, exactly when the last
 * attempt of its notification finishes, however it ends); split, each part would have to mirror the
 * others' state.
 */
final class PushDispatcher implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(PushDispatcher.class);

  /** How long a resume asked for before the workers started waits for them. */
  private static final Duration START_WAIT = Duration.ofSeconds(60);

  private static final Duration STORE_WARNING_EVERY = Duration.ofSeconds(30);

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
  private final PushOutbox outbox;
  private final StandingNotifications standing;

  /** Outbox entries this node holds in memory now, so a resume does not queue them twice. */
  private final Set<String> held = ConcurrentHashMap.newKeySet();

  /** Jobs no worker has taken yet, by notification id: a newer version of one replaces it. */
  private final Map<String, PushTask> waitingJobs = new ConcurrentHashMap<>();

  /** When a worker last took a job, by notification id, within the last {@code room-interval}. */
  private final Map<String, Long> lastTaken = new ConcurrentHashMap<>();

  private final long intervalNanos;
  private volatile long lastPrune = System.nanoTime();

  private final Semaphore places;
  private final DelayQueue<PushTask> due = new DelayQueue<>();
  private final List<Thread> workers = new ArrayList<>();
  private volatile boolean running;
  private volatile long lastStoreWarning;

  PushDispatcher(
      PushProperties properties,
      Map<Device.Platform, PushProvider> providers,
      Map<Device.Platform, BackendOutage> outages,
      DeviceStore devices,
      Badges badges,
      PushContent content,
      PushMetrics metrics,
      PushDeadLetters deadLetters,
      PushOutbox outbox,
      StandingNotifications standing,
      Clock clock) {
    this.properties = properties;
    this.providers = Map.copyOf(providers);
    this.outages = Map.copyOf(outages);
    this.devices = devices;
    this.badges = badges;
    this.content = content;
    this.metrics = metrics;
    this.deadLetters = deadLetters;
    this.outbox = outbox;
    this.standing = standing;
    this.clock = clock;
    this.backoff = new PushBackoff(properties.initialBackoff(), properties.maxBackoff());
    this.places = new Semaphore(properties.queue());
    this.intervalNanos = properties.roomInterval().toNanos();
    metrics.queueDepth(this::depth);
  }

  /** Whether any provider is configured. */
  boolean enabled() {
    return !providers.isEmpty();
  }

  /**
   * Takes a queue place and writes the outbox entry (on the calling thread, so the entry is durable
   * before the caller moves on); never throws. When the outbox cannot be written the pushes are
   * still queued, kept only in memory.
   */
  void offer(Notification notification, boolean online) {
    if (!running) {
      return;
    }
    var waiting = waitingJobs.get(notification.id());
    if (waiting != null && waiting.supersede(notification, online)) {
      metrics.superseded();
      return;
    }
    if (!places.tryAcquire()) {
      metrics.dropped();
      return;
    }
    var entry = new PushOutbox.Entry(Ids.newId(clock), notification, online, clock.instant());
    keep(entry);
    held.add(entry.id());
    var job = PushTask.job(entry);
    Long taken = lastTaken.get(notification.id());
    if (taken != null) {
      job.dueAt(taken + intervalNanos);
    }
    waitingJobs.put(notification.id(), job);
    due.add(job);
  }

  private void keep(PushOutbox.Entry entry) {
    try {
      outbox.add(entry);
    } catch (RuntimeException e) {
      outboxFailed("add", "keeping", e);
    }
  }

  /**
   * Queues again the outbox entries of the users {@code owned} accepts that this node does not hold
   * already: what a killed or stopped node left unfinished. Reads the outbox on a thread of its own
   * (once the workers run), so the caller never waits.
   */
  void resume(Predicate<String> owned) {
    if (!enabled()) {
      return;
    }
    Thread.ofVirtual().name("dugout-push-resume").start(() -> resumeNow(owned));
  }

  private void resumeNow(Predicate<String> owned) {
    long deadline = System.nanoTime() + START_WAIT.toNanos();
    while (!running && System.nanoTime() - deadline < 0) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        return;
      }
    }
    if (!running) {
      return;
    }
    List<PushOutbox.Entry> entries;
    try {
      entries = outbox.pending(properties.queue());
    } catch (RuntimeException e) {
      log.warn("Reading unfinished pushes failed; they are resumed at the next start", e);
      return;
    }
    int resumed = 0;
    for (var entry : entries) {
      if (!owned.test(entry.notification().userId()) || !held.add(entry.id())) {
        continue;
      }
      var now = standing(entry);
      if (now == null) {
        finished(entry.id());
        continue;
      }
      if (!places.tryAcquire()) {
        held.remove(entry.id());
        break;
      }
      due.add(PushTask.job(now));
      resumed++;
    }
    if (resumed > 0) {
      log.info("Resumed {} notification(s) with unfinished pushes", resumed);
    }
  }

  /**
   * The entry with its notification as it stands now, null when no push is due any more; when the
   * store cannot say, the entry as written (a push of an older version beats none).
   */
  private PushOutbox.Entry standing(PushOutbox.Entry entry) {
    Notification now;
    try {
      now = standing.standing(entry.notification());
    } catch (RuntimeException e) {
      return entry;
    }
    return now == null
        ? null
        : new PushOutbox.Entry(entry.id(), now, entry.online(), entry.queuedAt());
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
          task.take();
          waitingJobs.remove(task.notification.id(), task);
          taken(task.notification.id());
          expand(task);
        } else {
          attempt(task);
        }
      } catch (RuntimeException e) {
        if (task.isJob()) {
          // why: its entry stays in the outbox and is resumed when this node next comes to own
          // the user; retrying here at once would fail the same way
          log.warn("Pushes of notification {} failed", task.notification.id(), e);
          held.remove(task.entry.id);
          places.release();
        } else {
          task.lastError = e.toString();
          giveUp(task);
        }
      }
    }
  }

  /**
   * Starts {@code notificationId}'s interval; forgets, at most once per interval, the intervals
   * that ended.
   */
  private void taken(String notificationId) {
    if (intervalNanos == 0) {
      return;
    }
    long now = System.nanoTime();
    lastTaken.put(notificationId, now);
    if (now - lastPrune > intervalNanos) {
      lastPrune = now;
      lastTaken.values().removeIf(at -> now - at > intervalNanos);
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
      finished(job.entry);
      return;
    }
    int badge = badges.of(notification.userId());
    var attempts = new ArrayList<PushTask>();
    for (int i = 0; i < wanted.size(); i++) {
      if (i > 0 && !places.tryAcquire()) {
        metrics.dropped();
        continue;
      }
      attempts.add(
          PushTask.attempt(
              job.entry, content.of(notification, wanted.get(i), badge), job.queuedAt));
    }
    job.entry.attempts(attempts.size());
    due.addAll(attempts);
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
        attemptFinished(task);
      }
      case DEAD_TOKEN -> {
        outage.succeeded();
        metrics.failed(platform, outcome.reason());
        if (devices.removeToken(platform, device.token())) {
          metrics.tokenRemoved(platform);
        }
        attemptFinished(task);
      }
      case RETRY -> {
        outage.failed(new IOException(outcome.detail()));
        metrics.failed(platform, outcome.reason());
        task.lastError = outcome.detail();
        Duration wait = backoff.after(task.attempts, outcome.retryAfter());
        long deadline = task.firstAttemptNanos + properties.deadline().toNanos();
        if (!running) {
          // why: stopping; the entry stays in the outbox for whoever owns the user next
          places.release();
        } else if (System.nanoTime() + wait.toNanos() - deadline <= 0) {
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
    var letter =
        new PushDeadLetter(
            Ids.newId(clock),
            task.push.notificationId(),
            device.userId(),
            device.deviceId(),
            PushMetrics.tag(device.platform()),
            task.attempts,
            task.lastError,
            task.queuedAt,
            clock.instant());
    try {
      deadLetters.add(letter, properties.deadLetters());
    } catch (RuntimeException e) {
      metrics.deadLetterFailed();
      warnLimited(
          "The push dead letters failed keeping {} (more within 30 s not logged): {}", letter, e);
    }
    metrics.deadLettered(device.platform());
    attemptFinished(task);
  }

  private void attemptFinished(PushTask task) {
    places.release();
    if (task.entry.finishedOne()) {
      finished(task.entry);
    }
  }

  /** Every push of the entry finished: it leaves the outbox. */
  private void finished(PushTask.Entry entry) {
    finished(entry.id);
  }

  /** Every push of the outbox entry {@code id} finished, or none is due any more. */
  private void finished(String id) {
    try {
      outbox.remove(id);
    } catch (RuntimeException e) {
      outboxFailed("remove", "removing", e);
    }
    held.remove(id);
  }

  /**
   * why: at most one line in 30 s; an outbox write that failed costs at worst a push sent twice
   * (not removed) or one a crash would lose (not kept)
   */
  private void outboxFailed(String operation, String what, RuntimeException e) {
    metrics.outboxFailed(operation);
    warnLimited("The push outbox failed {} an entry (more within 30 s not logged): {}", what, e);
  }

  /** why: one store outage, outbox or dead letters, logs one line in 30 s, not one per push */
  private void warnLimited(String format, Object subject, RuntimeException e) {
    long now = System.nanoTime();
    long last = lastStoreWarning;
    if (last == 0 || now - last > STORE_WARNING_EVERY.toNanos()) {
      lastStoreWarning = now;
      log.warn(format, subject, e);
    }
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
    int left = depth();
    if (left > 0) {
      log.info(
          "{} push(es) were still waiting; they are sent when their users' notifications are next"
              + " owned (this node's restart, or another node in a cluster)",
          left);
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /**
   * why: running before the chat notifier replays at start what a killed run left unnotified (phase
   * {@code Integer.MAX_VALUE - 16_384}), so those notifications are pushed too, and before the
   * listeners open; it stops after them
   */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 32_768;
  }
}
