package io.dugout.push;

import io.dugout.notification.Notification;
import io.dugout.system.BackendOutage;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@link PushDispatcher} over stand-ins, for tests of its own accounting: Bob's one FCM phone, a
 * badge of 1, no dead letters (a push given up on fails the test), and the provider and outbox the
 * test brings.
 */
final class Dispatchers {

  private static final Device PHONE =
      new Device(
          "bob", "phone", Device.Platform.FCM, "t-1", null, null, true, Device.When.AWAY, null);

  private Dispatchers() {}

  /**
   * A dispatcher with at most {@code concurrency} pushes in flight, 100 queue places, and every
   * version of a notification pushed at once.
   */
  static PushDispatcher of(
      PushOutbox outbox, PushProvider fcm, int concurrency, MeterRegistry registry) {
    return of(outbox, fcm, concurrency, Duration.ZERO, registry);
  }

  /** The same, with at most one push per notification per {@code roomInterval}. */
  static PushDispatcher of(
      PushOutbox outbox,
      PushProvider fcm,
      int concurrency,
      Duration roomInterval,
      MeterRegistry registry) {
    return of(outbox, fcm, concurrency, roomInterval, queued -> queued, registry);
  }

  /** The same, where a resume finds each notification as {@code standing} says. */
  static PushDispatcher of(
      PushOutbox outbox,
      PushProvider fcm,
      int concurrency,
      Duration roomInterval,
      StandingNotifications standing,
      MeterRegistry registry) {
    var ten = Duration.ofSeconds(10);
    var properties =
        new PushProperties(
            true,
            100,
            concurrency,
            Duration.ofMillis(10),
            Duration.ofMillis(100),
            ten,
            10,
            roomInterval,
            new PushProperties.Apns(
                null, null, null, PushProperties.Environment.PRODUCTION, null, 443, null, 2, ten),
            new PushProperties.Fcm(null, null, null, URI.create("http://127.0.0.1"), ten));
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
        standing,
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

  /** An FCM stand-in that answers each push with {@code send}. */
  static PushProvider fcm(Function<Push, PushOutcome> send) {
    return new PushProvider() {
      @Override
      public Device.Platform platform() {
        return Device.Platform.FCM;
      }

      @Override
      public PushOutcome send(Push push) {
        return send.apply(push);
      }

      @Override
      public void close() {}
    };
  }

  /** An FCM stand-in that accepts every push, adding it to {@code accepted}. */
  static PushProvider accepting(List<Push> accepted) {
    return fcm(
        push -> {
          accepted.add(push);
          return PushOutcome.ACCEPTED;
        });
  }

  /** A notification of Bob's with {@code body}. */
  static Notification notification(String id, String body) {
    Instant now = Instant.now();
    return new Notification(
        id, "bob", "trade.offer", "Offer", body, null, 1, now, null, now.plusSeconds(60), null);
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
