package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.notification.Notification;
import io.dugout.system.BackendOutage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A push outbox that cannot be written (its store away) neither stops pushes nor goes unseen: the
 * pushes are sent from memory and every failed write is counted in {@code
 * dugout.push.outbox.failed}. The provider and the outbox are stand-ins: the point is the
 * dispatcher's accounting, which no real store fails on demand.
 */
class PushOutboxFailureTests {

  private static final Device PHONE =
      new Device(
          "bob", "phone", Device.Platform.FCM, "t-1", null, null, true, Device.When.AWAY, null);

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
    var ten = Duration.ofSeconds(10);
    var properties =
        new PushProperties(
            true,
            100,
            4,
            Duration.ofMillis(10),
            Duration.ofMillis(100),
            ten,
            10,
            new PushProperties.Apns(
                null, null, null, PushProperties.Environment.PRODUCTION, null, 443, null, 2, ten),
            new PushProperties.Fcm(null, null, null, URI.create("http://127.0.0.1"), ten));
    PushProvider fcm =
        new PushProvider() {
          @Override
          public Device.Platform platform() {
            return Device.Platform.FCM;
          }

          @Override
          public PushOutcome send(Push push) {
            accepted.add(push);
            return PushOutcome.ACCEPTED;
          }

          @Override
          public void close() {}
        };
    var outage = new BackendOutage("fcm", "FCM", "-", Duration.ZERO, Duration.ZERO, f -> true);
    return new PushDispatcher(
        properties,
        Map.of(Device.Platform.FCM, fcm),
        Map.of(Device.Platform.FCM, outage),
        new OnePhone(),
        new Badges(null) {
          @Override
          int of(String userId) {
            return 1;
          }
        },
        new PushContent(true, PushPlaceholders.builtIn(), JsonMapper.builder().build()),
        new PushMetrics(registry, List.of(Device.Platform.FCM)),
        NO_DEAD_LETTERS,
        outbox,
        Clock.systemUTC());
  }

  /** why: every push here is accepted, so none may reach the dead letters */
  private static final PushDeadLetters NO_DEAD_LETTERS =
      new PushDeadLetters() {
        @Override
        public void add(PushDeadLetter letter, int capacity) {
          throw new AssertionError("no push is given up on here: " + letter);
        }

        @Override
        public List<PushDeadLetter> newest(int limit) {
          return List.of();
        }

        @Override
        public boolean remove(String id) {
          return false;
        }

        @Override
        public long size() {
          return 0;
        }

        @Override
        public long evicted() {
          return 0;
        }
      };

  private static Notification notification(String id) {
    Instant now = Instant.now();
    return new Notification(
        id, "bob", "trade.offer", "Offer", "12 EUR", null, 1, now, null, now.plusSeconds(60), null);
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

  /** Bob's one phone. */
  private static final class OnePhone implements DeviceStore {
    @Override
    public Put put(Device device, int max) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<Device> devicesOf(String userId) {
      return userId.equals("bob") ? List.of(PHONE) : List.of();
    }

    @Override
    public boolean remove(String userId, String deviceId) {
      return false;
    }

    @Override
    public boolean removeToken(Device.Platform platform, String token) {
      return false;
    }
  }
}
