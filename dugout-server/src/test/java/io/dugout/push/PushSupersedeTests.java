package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A notification offered again while its earlier version still waits for a worker (a room's chat
 * notification, updated by each new message) is pushed once, as its newest version, and the outbox
 * is left empty; a version a worker already took is pushed too. One worker, held busy by another
 * notification's push, keeps the versions waiting. With a {@code room-interval}, versions offered
 * within it after a push wait for its end, and only the newest of them is pushed.
 */
class PushSupersedeTests {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<Push> accepted = new CopyOnWriteArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch busy = new CountDownLatch(1);
  private final MemoryOutbox outbox = new MemoryOutbox();

  @Test
  void theNewestVersionOfAWaitingNotificationIsPushedOnce() throws Exception {
    var dispatcher = Dispatchers.of(outbox, holdingFirstPush(), 1, registry);
    dispatcher.start();
    try {
      dispatcher.offer(Dispatchers.notification("other", "holds the worker"), false);
      assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();

      dispatcher.offer(Dispatchers.notification("room", "first"), false);
      dispatcher.offer(Dispatchers.notification("room", "second"), false);
      dispatcher.offer(Dispatchers.notification("room", "third"), false);
      assertThat(dispatcher.depth()).isEqualTo(2);
      release.countDown();

      Waits.until(() -> dispatcher.depth() == 0, Duration.ofSeconds(10), "the queue to drain");
      assertThat(accepted)
          .extracting(Push::notificationId, Push::body)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("other", "holds the worker"),
              org.assertj.core.groups.Tuple.tuple("room", "third"));
      assertThat(registry.get("dugout.push.superseded").counter().count()).isEqualTo(2);
      assertThat(registry.get("dugout.push.dropped").counter().count()).isZero();
      assertThat(outbox.entries).isEmpty();
    } finally {
      release.countDown();
      dispatcher.stop();
    }
  }

  @Test
  void aVersionAWorkerTookIsPushedAndTheNewerOneAfterIt() throws Exception {
    var dispatcher = Dispatchers.of(outbox, holdingFirstPush(), 1, registry);
    dispatcher.start();
    try {
      dispatcher.offer(Dispatchers.notification("room", "first"), false);
      assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();

      dispatcher.offer(Dispatchers.notification("room", "second"), false);
      release.countDown();

      Waits.until(
          () -> dispatcher.depth() == 0 && accepted.size() == 2,
          Duration.ofSeconds(10),
          "both pushed");
      assertThat(accepted).extracting(Push::body).containsExactly("first", "second");
      assertThat(registry.get("dugout.push.superseded").counter().count()).isZero();
      assertThat(outbox.entries).isEmpty();
    } finally {
      release.countDown();
      dispatcher.stop();
    }
  }

  @Test
  void withinTheRoomIntervalOnlyTheNewestVersionIsPushedAtItsEnd() throws Exception {
    var interval = Duration.ofMillis(1_500);
    var sentAt = new ConcurrentHashMap<String, Long>();
    var dispatcher = Dispatchers.of(outbox, recordingTimes(sentAt), 4, interval, registry);
    dispatcher.start();
    try {
      dispatcher.offer(Dispatchers.notification("room", "first"), false);
      Waits.until(() -> accepted.size() == 1, Duration.ofSeconds(10), "the first push");

      dispatcher.offer(Dispatchers.notification("room", "second"), false);
      dispatcher.offer(Dispatchers.notification("room", "third"), false);
      dispatcher.offer(Dispatchers.notification("other", "not held"), false);

      Waits.until(
          () -> dispatcher.depth() == 0 && accepted.size() == 3,
          Duration.ofSeconds(10),
          "the newest version pushed");
      assertThat(accepted)
          .extracting(Push::body)
          .as("another notification is not held by the room's interval")
          .containsExactly("first", "not held", "third");
      assertThat(Duration.ofNanos(sentAt.get("third") - sentAt.get("first")))
          .isGreaterThanOrEqualTo(interval.minusMillis(500));
      assertThat(registry.get("dugout.push.superseded").counter().count()).isEqualTo(1);
      assertThat(outbox.entries).isEmpty();

      Thread.sleep(interval.toMillis());
      dispatcher.offer(Dispatchers.notification("room", "after a quiet interval"), false);
      Waits.until(() -> accepted.size() == 4, Duration.ofSeconds(1), "an immediate push");
    } finally {
      dispatcher.stop();
    }
  }

  /** Accepts every push, noting when each body was sent. */
  private PushProvider recordingTimes(Map<String, Long> sentAt) {
    return Dispatchers.fcm(
        push -> {
          sentAt.put(push.body(), System.nanoTime());
          accepted.add(push);
          return PushOutcome.ACCEPTED;
        });
  }

  /** Accepts every push; the first waits for {@link #release}, telling {@link #busy} it started. */
  private PushProvider holdingFirstPush() {
    return Dispatchers.fcm(
        push -> {
          if (busy.getCount() > 0) {
            busy.countDown();
            try {
              release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          accepted.add(push);
          return PushOutcome.ACCEPTED;
        });
  }

  /** The outbox's entries in memory. */
  private static final class MemoryOutbox implements PushOutbox {
    final Set<String> entries = ConcurrentHashMap.newKeySet();

    @Override
    public void add(Entry entry) {
      entries.add(entry.id());
    }

    @Override
    public void remove(String id) {
      entries.remove(id);
    }

    @Override
    public List<Entry> pending(int max) {
      return new ArrayList<>();
    }
  }
}
