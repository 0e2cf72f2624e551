package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.BANS;

import io.dugout.ban.Ban;
import io.dugout.ban.BanStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Bans as JSON values keyed by user id, in the {@code bans} family: a point read answers whether a
 * user is banned, and a scan in key order pages them. Bans are few, so listing those in force skips
 * ended ones in the scan instead of keeping an index of end dates.
 */
final class RocksDbBanStore implements BanStore {

  /** After every UTF-8 user id: no UTF-8 sequence starts with 0xFF. */
  private static final byte[] END = {(byte) 0xFF};

  private final RocksDbStorage storage;

  RocksDbBanStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public void put(Ban ban) {
    storage.write(batch -> batch.put(BANS, Keys.utf8(ban.userId()), Json.write(ban)));
  }

  @Override
  public boolean remove(String userId) {
    byte[] key = Keys.utf8(userId);
    if (storage.get(BANS, key) == null) {
      return false;
    }
    storage.write(batch -> batch.delete(BANS, key));
    return true;
  }

  @Override
  public Optional<Ban> find(String userId) {
    byte[] value = storage.get(BANS, Keys.utf8(userId));
    return value == null ? Optional.empty() : Optional.of(Json.read(value, Ban.class));
  }

  @Override
  public List<Ban> list(String afterUserId, Instant now, int limit) {
    // why: the first key after the cursor's own is that key with a 0x00 byte appended
    byte[] from = afterUserId == null ? new byte[0] : Keys.prefix(afterUserId);
    var bans = new ArrayList<Ban>();
    storage.scan(
        BANS,
        from,
        END,
        false,
        (key, value) -> {
          var ban = Json.read(value, Ban.class);
          if (ban.inForceAt(now)) {
            bans.add(ban);
          }
          return bans.size() < limit;
        });
    return bans;
  }

  @Override
  public int removeEnded(Instant now, int limit) {
    var ended = new ArrayList<byte[]>();
    storage.scan(
        BANS,
        new byte[0],
        END,
        false,
        (key, value) -> {
          if (!Json.read(value, Ban.class).inForceAt(now)) {
            ended.add(key);
          }
          return ended.size() < limit;
        });
    if (!ended.isEmpty()) {
      storage.write(batch -> ended.forEach(key -> batch.delete(BANS, key)));
    }
    return ended.size();
  }
}
