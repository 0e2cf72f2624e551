package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.MODERATION;

import io.dugout.moderation.ModerationStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * {@link ModerationStore} in the {@code moderation} family: {@code rules} 0x00 room → the room's
 * rules, {@code mute} 0x00 room 0x00 user → the mute, {@code ban} 0x00 room 0x00 user → the ban (so
 * a room's bans page in order of user id), each value as JSON. Read-modify-writes go through one
 * lock: one node owns this database. An expired mute stays until it is replaced or removed; readers
 * compare it with their clock.
 *
 * <p>The rooms that have rules or a mute stored are also kept in memory, read from the family when
 * the store opens and added to before each such write, so a send to any other room (nearly every
 * send) is answered without a read. Coherent because only this store writes the family: a room is
 * added before its first rule or mute is written, so a send that starts after the write returned
 * finds it; a room is never dropped, which costs only the reads it would have skipped.
 */
final class RocksDbModerationStore implements ModerationStore {

  private static final String RULES = "rules";
  private static final String MUTE = "mute";
  private static final String BAN = "ban";

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();
  private final Set<String> moderated = ConcurrentHashMap.newKeySet();

  RocksDbModerationStore(RocksDbStorage storage) {
    this.storage = storage;
    for (String kind : List.of(RULES, MUTE)) {
      int after = Keys.prefix(kind).length;
      storage.scan(
          MODERATION,
          Keys.prefix(kind),
          Keys.prefixEnd(kind),
          false,
          (key, value) -> {
            String rest = Keys.suffix(key, after);
            int end = rest.indexOf(0);
            moderated.add(end < 0 ? rest : rest.substring(0, end));
            return true;
          });
    }
  }

  @Override
  public Writer writer(String roomId, String userId) {
    if (!moderated.contains(roomId)) {
      return new Writer(Rules.NONE, null);
    }
    byte[] mute = storage.get(MODERATION, Keys.triple(MUTE, roomId, userId));
    return new Writer(rules(roomId), mute == null ? null : Json.read(mute, Mute.class));
  }

  @Override
  public Rules rules(String roomId) {
    if (!moderated.contains(roomId)) {
      return Rules.NONE;
    }
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
    moderated.add(roomId);
    storage.write(batch -> batch.put(MODERATION, Keys.pair(RULES, roomId), Json.write(rules)));
  }

  @Override
  public void mute(Mute mute) {
    moderated.add(mute.roomId());
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
