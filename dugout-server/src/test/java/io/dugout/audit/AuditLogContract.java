package io.dugout.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link AuditLog} adapter must do; an adapter's test only opens a log. */
public abstract class AuditLogContract {

  protected static final Instant T0 = Instant.parse("2026-11-22T04:00:00.123456789Z");

  protected AuditLog log;

  protected abstract AuditLog openEmpty() throws Exception;

  /** The same log, closed and opened again. */
  protected abstract AuditLog reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    log = openEmpty();
  }

  @AfterEach
  void closeLog() throws Exception {
    close();
  }

  /** The n-th entry: ids ascend with n as UUIDv7 ids ascend with time. */
  private static AuditEntry entry(int n, String action, String roomId, String userId) {
    String id = String.format("0190%04x-0000-7000-8000-000000000000", n);
    return new AuditEntry(
        id,
        new ModerationAction(
            action,
            "alice",
            roomId,
            userId,
            null,
            "spam",
            Map.of("until", "2026-11-22T05:00:00Z"),
            T0.plusSeconds(n)));
  }

  private static final AuditLog.Query ALL = new AuditLog.Query(null, null, null);

  @Test
  void keepsEveryFieldOfAnAppendedActionAcrossARestart() throws Exception {
    var e =
        new AuditEntry(
            "01900001-0000-7000-8000-000000000000",
            new ModerationAction(
                "room.member.muted", "alice", "r1", "bob", 12L, "spam", Map.of("a", "b"), T0));
    log.append(e);
    log = reopen();

    assertThat(log.list(ALL, null, 10).entries()).containsExactly(e);
  }

  @Test
  void keepsAnActionWithoutRoomUserSeqOrReason() {
    var e =
        new AuditEntry(
            "01900001-0000-7000-8000-000000000000",
            new ModerationAction("user.banned", "service", null, null, null, null, null, T0));
    log.append(e);

    assertThat(log.list(ALL, null, 10).entries()).containsExactly(e);
  }

  @Test
  void listsNewestFirstAndPagesByCursorWithoutSkippingOrRepeating() {
    for (int n = 1; n <= 7; n++) {
      log.append(entry(n, "room.member.muted", "r1", "bob"));
    }
    var seen = new ArrayList<AuditEntry>();
    String cursor = null;
    for (int pages = 0; pages < 10; pages++) {
      var page = log.list(ALL, cursor, 3);
      seen.addAll(page.entries());
      cursor = page.nextCursor();
      if (cursor == null) {
        break;
      }
    }
    assertThat(seen)
        .containsExactly(
            entry(7, "room.member.muted", "r1", "bob"),
            entry(6, "room.member.muted", "r1", "bob"),
            entry(5, "room.member.muted", "r1", "bob"),
            entry(4, "room.member.muted", "r1", "bob"),
            entry(3, "room.member.muted", "r1", "bob"),
            entry(2, "room.member.muted", "r1", "bob"),
            entry(1, "room.member.muted", "r1", "bob"));
  }

  @Test
  void givesNoCursorWhenTheLastPageIsFull() {
    log.append(entry(1, "room.frozen", "r1", null));
    log.append(entry(2, "room.frozen", "r1", null));

    var page = log.list(ALL, null, 2);

    assertThat(page.entries()).hasSize(2);
    assertThat(page.nextCursor()).isNull();
  }

  @Test
  void filtersByRoomUserAndActionInAnyCombination() {
    log.append(entry(1, "room.member.muted", "r1", "bob"));
    log.append(entry(2, "room.member.banned", "r1", "bob"));
    log.append(entry(3, "room.member.muted", "r2", "bob"));
    log.append(entry(4, "room.member.muted", "r1", "carol"));
    log.append(entry(5, "room.frozen", "r1", null));
    log.append(entry(6, "user.banned", null, "bob"));

    assertThat(ids(new AuditLog.Query("r1", null, null))).containsExactly(5, 4, 2, 1);
    assertThat(ids(new AuditLog.Query(null, "bob", null))).containsExactly(6, 3, 2, 1);
    assertThat(ids(new AuditLog.Query(null, null, "room.member.muted"))).containsExactly(4, 3, 1);
    assertThat(ids(new AuditLog.Query("r1", "bob", null))).containsExactly(2, 1);
    assertThat(ids(new AuditLog.Query("r1", "bob", "room.member.banned"))).containsExactly(2);
    assertThat(ids(new AuditLog.Query("r3", null, null))).isEmpty();
  }

  @Test
  void pagesAFilteredListByCursor() {
    for (int n = 1; n <= 6; n++) {
      log.append(entry(n, n % 2 == 0 ? "room.member.muted" : "room.frozen", "r1", "bob"));
    }
    var query = new AuditLog.Query("r1", null, "room.member.muted");
    var first = log.list(query, null, 2);
    assertThat(first.entries())
        .extracting(e -> e.action().at())
        .containsExactly(T0.plusSeconds(6), T0.plusSeconds(4));
    var second = log.list(query, first.nextCursor(), 2);
    assertThat(second.entries())
        .extracting(e -> e.action().at())
        .containsExactly(T0.plusSeconds(2));
    assertThat(second.nextCursor()).isNull();
  }

  @Test
  void appendingTheSameIdAgainKeepsOneEntry() {
    log.append(entry(1, "room.frozen", "r1", null));
    log.append(entry(1, "room.frozen", "r1", null));

    assertThat(log.list(ALL, null, 10).entries()).hasSize(1);
  }

  /** Every matching entry's number, newest first, following cursors. */
  private List<Integer> ids(AuditLog.Query query) {
    var numbers = new ArrayList<Integer>();
    String cursor = null;
    for (int pages = 0; pages < 20; pages++) {
      var page = log.list(query, cursor, 2);
      page.entries().forEach(e -> numbers.add(Integer.parseInt(e.id().substring(4, 8), 16)));
      cursor = page.nextCursor();
      if (cursor == null) {
        break;
      }
    }
    return numbers;
  }
}
