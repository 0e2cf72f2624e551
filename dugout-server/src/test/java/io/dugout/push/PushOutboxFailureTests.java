package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.notification.Notification;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A push outbox that cannot be written (its store away) neither stops pushes nor goes unseen: the
 * pushes are sent from memory and every failed write is counted in {@code
 * dugout.push.outbox.failed}. The provider and the outbox are stand-ins: the point is the
 * dispatcher's accounting, which no real store fails on demand.
 */
class PushOutboxFailureTests {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<Push> accepted = new CopyOnWriteArrayList<>();

  @Test
  void pushesFromMemoryAndCountsEachOutboxWriteThatFailed() {
    var dispatcher = dispatcher(new UnwritableOutbox());
    dispatcher.start();
    try {
      dispatcher.offer(notification("n-1"), false);
      dispatcher.offer(notification("n-2"), false);

      Waits.until(() -> accepted.size() == 2, Duration.ofSeconds(10), "both pushes accepted");
      Waits.until(() -> dispatcher.depth() == 0, Duration.ofSeconds(10), "the queue to drain");
      assertThat(accepted).extracting(Push::notificationId).containsExactlyInAnyOrder("n-1", "n-2");
      assertThat(failed("add")).isEqualTo(2);
      assertThat(failed("remove")).isEqualTo(2);
    } finally {
      dispatcher.stop();
    }
  }

  @Test
  void countsNoFailureWhileTheOutboxIsWritten() {
    var outbox = new UnwritableOutbox();
    outbox.writable = true;
    var dispatcher = dispatcher(outbox);
    dispatcher.start();
    try {
      dispatcher.offer(notification("n-1"), false);

      Waits.until(
          () -> dispatcher.depth() == 0 && accepted.size() == 1,
          Duration.ofSeconds(10),
          "the push accepted");
      assertThat(outbox.writes).isEqualTo(2);
      assertThat(failed("add")).isZero();
      assertThat(failed("remove")).isZero();
    } finally {
      dispatcher.stop();
    }
  }

  private double failed(String operation) {
    return registry.get("dugout.push.outbox.failed").tag("operation", operation).counter().count();
  }

  private PushDispatcher dispatcher(PushOutbox outbox) {
    return Dispatchers.of(outbox, Dispatchers.accepting(accepted), 4, registry);
  }

  private static Notification notification(String id) {
    return Dispatchers.notification(id, "12 EUR");
  }

  /** An outbox whose store is away until {@code writable}. */
  private static final class UnwritableOutbox implements PushOutbox {
    volatile boolean writable;
    volatile int writes;

    @Override
    public void add(Entry entry) {
      write();
    }

    @Override
    public void remove(String id) {
      write();
    }

    @Override
    public List<Entry> pending(int max) {
      return List.of();
    }

    private synchronized void write() {
      if (!writable) {
        throw new IllegalStateException("the store is away");
      }
      writes++;
    }
  }
}
