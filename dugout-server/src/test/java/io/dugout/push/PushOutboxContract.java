package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.notification.Notification;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link PushOutbox} adapter must do; an adapter's test only opens an outbox. */
public abstract class PushOutboxContract {

  protected static final Instant T0 = Instant.parse("2026-12-01T04:00:00Z");

  protected PushOutbox outbox;

  protected abstract PushOutbox openEmpty() throws Exception;

  /** The same outbox, closed and opened again. */
  protected abstract PushOutbox reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    outbox = openEmpty();
  }

  @AfterEach
  void closeOutbox() throws Exception {
    close();
  }

  private static PushOutbox.Entry entry(String id, String notificationId, boolean online) {
    var notification =
        new Notification(
            notificationId,
            "bob",
            "chat.message",
            "League",
            "kick-off at 10",
            "{\"roomId\":\"r1\",\"seq\":7}",
            3,
            T0,
            null,
            T0.plusSeconds(86_400),
            "room:r1");
    return new PushOutbox.Entry(id, notification, online, T0.plusMillis(5));
  }

  @Test
  void keepsEntriesAcrossAReopenOldestFirst() throws Exception {
    outbox.add(entry("0001", "n1", false));
    outbox.add(entry("0003", "n2", true));
    outbox.add(entry("0002", "n3", false));

    outbox = reopen();

    assertThat(outbox.pending(10))
        .containsExactly(
            entry("0001", "n1", false), entry("0002", "n3", false), entry("0003", "n2", true));
    assertThat(outbox.pending(2)).extracting(PushOutbox.Entry::id).containsExactly("0001", "0002");
  }

  @Test
  void keysEntriesByTheirOwnIdSoTwoUpdatesOfOneNotificationAreTwoEntries() {
    outbox.add(entry("0001", "n1", false));
    outbox.add(entry("0002", "n1", false));

    outbox.remove("0001");

    assertThat(outbox.pending(10)).extracting(PushOutbox.Entry::id).containsExactly("0002");
  }

  @Test
  void removesIdempotently() {
    outbox.add(entry("0001", "n1", false));

    outbox.remove("0001");
    outbox.remove("0001");
    outbox.remove("never-added");

    assertThat(outbox.pending(10)).isEmpty();
  }
}
