package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.audit.AuditLog;
import io.dugout.audit.AuditLogContract;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbAuditLogTests extends AuditLogContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected AuditLog openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbAuditLog(storage);
  }

  @Override
  protected AuditLog reopen() {
    storage.close();
    return openEmpty();
  }

  @Test
  void aPageStopsAfterItsReadBoundAndTheCursorLeadsOnToOlderMatches() {
    var at = java.time.Instant.parse("2026-11-22T04:00:00Z");
    log.append(entry(0, "room.member.banned", at));
    for (int n = 1; n <= RocksDbAuditLog.MAX_SCANNED + 10; n++) {
      log.append(entry(n, "room.frozen", at));
    }
    var query = new AuditLog.Query("r1", null, "room.member.banned");

    var first = log.list(query, null, 10);
    assertThat(first.entries()).isEmpty();
    assertThat(first.nextCursor()).isNotNull();
    var found = new java.util.ArrayList<io.dugout.audit.AuditEntry>();
    String cursor = first.nextCursor();
    for (int pages = 0; pages < 10 && cursor != null; pages++) {
      var page = log.list(query, cursor, 10);
      found.addAll(page.entries());
      cursor = page.nextCursor();
    }
    assertThat(found).extracting(e -> e.action().action()).containsExactly("room.member.banned");
    assertThat(cursor).isNull();
  }

  private static io.dugout.audit.AuditEntry entry(int n, String action, java.time.Instant at) {
    return new io.dugout.audit.AuditEntry(
        String.format("%08x-0000-7000-8000-000000000000", 0x01900000 + n),
        new io.dugout.audit.ModerationAction(action, "alice", "r1", "bob", null, null, null, at));
  }

  @Override
  protected void close() {
    storage.close();
  }
}
