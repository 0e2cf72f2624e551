package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.notification.Notification;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A resume pushes each unfinished outbox entry as its notification stands then: a room's newer
 * version (which superseded the entry's in memory only, before a crash), nothing once the user read
 * it (and the entry leaves the outbox), and the entry as written when the store cannot say.
 */
class PushResumeTests {

  private final List<Push> accepted = new CopyOnWriteArrayList<>();
  private final Map<String, PushOutbox.Entry> outbox = new ConcurrentHashMap<>();

  @Test
  void pushesEachEntryAsItsNotificationStandsNow() {
    keep("e1", Dispatchers.notification("room", "first"));
    keep("e2", Dispatchers.notification("read-room", "seen already"));
    keep("e3", Dispatchers.notification("store-away", "as written"));
    var newer = Dispatchers.notification("room", "third");
    StandingNotifications standing =
        queued ->
            switch (queued.id()) {
              case "room" -> newer;
              case "read-room" -> null;
              default -> throw new IllegalStateException("the store is away");
            };
    var dispatcher =
        Dispatchers.of(
            memoryOutbox(),
            Dispatchers.accepting(accepted),
            2,
            Duration.ZERO,
            standing,
            new SimpleMeterRegistry());
    dispatcher.start();
    try {
      dispatcher.resume(user -> true);

      Waits.until(
          () -> accepted.size() == 2 && outbox.isEmpty(),
          Duration.ofSeconds(10),
          "both due pushes sent and every entry finished");
      assertThat(accepted)
          .extracting(Push::notificationId, Push::body)
          .containsExactlyInAnyOrder(
              org.assertj.core.groups.Tuple.tuple("room", "third"),
              org.assertj.core.groups.Tuple.tuple("store-away", "as written"));
    } finally {
      dispatcher.stop();
    }
  }

  private void keep(String id, Notification notification) {
    outbox.put(id, new PushOutbox.Entry(id, notification, false, Instant.now()));
  }

  private PushOutbox memoryOutbox() {
    return new PushOutbox() {
      @Override
      public void add(Entry entry) {
        outbox.put(entry.id(), entry);
      }

      @Override
      public void remove(String id) {
        outbox.remove(id);
      }

      @Override
      public List<Entry> pending(int max) {
        return new ArrayList<>(outbox.values());
      }
    };
  }
}
