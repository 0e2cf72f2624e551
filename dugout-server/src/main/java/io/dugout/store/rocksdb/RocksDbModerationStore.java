package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.MODERATION;

import io.dugout.moderation.ModerationStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * {@link ModerationStore} in the {@code moderation} family: {@code rules} 0x00 room → the room's
 * rules, {@code mute} 0x00 room 0x00 user → the mute, {@code ban} 0x00 room 0x00 user → the ban (so
 * a room's bans page in order of user id), each value as JSON. Read-modify-writes go through one
 * lock: one node owns this database. An expired mute stays until it is replaced or removed; readers
 * compare it with their clock.
 */
final class RocksDbModerationStore implements ModerationStore {

  private static final String RULES = "rules";
  private static final String MUTE = "mute";
  private static final String BAN = "ban";

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();

  RocksDbModerationStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public Writer writer(String roomId, String userId) {
    byte[] mute = storage.get(MODERATION, Keys.triple(MUTE, roomId, userId));
    return new Writer(rules(roomId), mute == null ? null : Json.read(mute, Mute.class));
  }

  @Override
  public Rules rules(String roomId) {
    byte[] rules = storage.get(MODERATION, Keys.pair(RULES, roomId));
    return rules == null ? Rules.NONE : Json.read(rules, Rules.class);
  }

  @Override
  public boolean setFrozen(String roomId, boolean frozen) {
    return changeRules(roomId, r -> new Rules(frozen, r.slowModeSeconds()));
  }

  @Override
  public boolean setSlowMode(String roomId, int seconds) {
    return changeRules(roomId, r -> new Rules(r.frozen(), seconds));
  }

  private boolean changeRules(String roomId, UnaryOperator<Rules> change) {
    writes.lock();
    try {
      Rules current = rules(roomId);
      Rules next = change.apply(current);
      if (next.equals(current)) {
        return false;
      }
      put(roomId, next);
      return true;
    } finally {
      writes.unlock();
    }
  }

  private void put(String roomId, Rules rules) {
    storage.write(batch -> batch.put(MODERATION, Keys.pair(RULES, roomId), Json.write(rules)));
  }

  @Override
  public void mute(Mute mute) {
    storage.write(
        batch ->
            batch.put(
                MODERATION, Keys.triple(MUTE, mute.roomId(), mute.userId()), Json.write(mute)));
  }

  @Override
  public boolean unmute(String roomId, String userId) {
    return delete(Keys.triple(MUTE, roomId, userId));
  }

  @Override
  public boolean ban(Ban ban) {
    byte[] key = Keys.triple(BAN, ban.roomId(), ban.userId());
    writes.lock();
    try {
      if (storage.get(MODERATION, key) != null) {
        return false;
      }
      storage.write(batch -> batch.put(MODERATION, key, Json.write(ban)));
      return true;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public boolean unban(String roomId, String userId) {
    return delete(Keys.triple(BAN, roomId, userId));
  }

  @Override
  public Optional<Ban> findBan(String roomId, String userId) {
    byte[] ban = storage.get(MODERATION, Keys.triple(BAN, roomId, userId));
    return Optional.ofNullable(ban).map(b -> Json.read(b, Ban.class));
  }

  @Override
  public List<Ban> bans(String roomId, String afterUserId, int limit) {
    byte[] prefix = Keys.prefix(BAN, roomId);
    byte[] from = afterUserId == null ? prefix : Keys.prefix(BAN, roomId, afterUserId);
    var bans = new ArrayList<Ban>();
    storage.scan(
        MODERATION,
        from,
        Keys.prefixEnd(BAN, roomId),
        false,
        (key, value) -> {
          bans.add(Json.read(value, Ban.class));
          return bans.size() < limit;
        });
    return bans;
  }

  private boolean delete(byte[] key) {
    writes.lock();
    try {
      if (storage.get(MODERATION, key) == null) {
        return false;
      }
      storage.write(batch -> batch.delete(MODERATION, key));
      return true;
    } finally {
      writes.unlock();
    }
  }
}
