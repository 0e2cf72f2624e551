package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.AUDIT;

import io.dugout.audit.AuditEntry;
import io.dugout.audit.AuditLog;
import java.util.ArrayList;

/**
 * {@link AuditLog} in the {@code audit} family: each entry under three keys written in one batch,
 * {@code *} 0x00 id, {@code r:roomId} 0x00 id and {@code u:userId} 0x00 id, each holding the whole
 * entry, so a page of one room's or one user's entries is one reverse scan of its own keys. A query
 * naming both a room and a user scans the room's keys and filters; a page reads at most {@value
 * #MAX_SCANNED} entries, then returns what it found with a cursor where it stopped.
 */
final class RocksDbAuditLog implements AuditLog {

  static final int MAX_SCANNED = 5_000;
  private static final String ALL = "*";

  private final RocksDbStorage storage;

  RocksDbAuditLog(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public void append(AuditEntry entry) {
    byte[] value = Json.write(entry);
    var action = entry.action();
    storage.write(
        batch -> {
          batch.put(AUDIT, Keys.pair(ALL, entry.id()), value);
          if (action.roomId() != null) {
            batch.put(AUDIT, Keys.pair("r:" + action.roomId(), entry.id()), value);
          }
          if (action.userId() != null) {
            batch.put(AUDIT, Keys.pair("u:" + action.userId(), entry.id()), value);
          }
        });
  }

  @Override
  public Page list(Query query, String cursor, int limit) {
    String scope =
        query.roomId() != null
            ? "r:" + query.roomId()
            : query.userId() != null ? "u:" + query.userId() : ALL;
    byte[] to = cursor == null ? Keys.prefixEnd(scope) : Keys.pair(scope, cursor);
    var found = new ArrayList<AuditEntry>();
    int[] scanned = {0};
    String[] last = {null};
    storage.scan(
        AUDIT,
        Keys.prefix(scope),
        to,
        true,
        (key, value) -> {
          AuditEntry entry = Json.read(value, AuditEntry.class);
          last[0] = entry.id();
          if (query.matches(entry.action())) {
            found.add(entry);
          }
          return found.size() <= limit && ++scanned[0] < MAX_SCANNED;
        });
    if (found.size() > limit) {
      found.removeLast();
      return new Page(found, found.getLast().id());
    }
    // why: stopped by the bound, not by the end: the caller goes on from the last entry read
    return new Page(found, scanned[0] >= MAX_SCANNED ? last[0] : null);
  }
}
