package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.MEMBERS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.READ_MARKERS;

import io.dugout.message.NoWait;
import io.dugout.room.Member;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Every room's member rows on RocksDB, and what is kept of them. Read-modify-writes of one room's
 * members are serialised on a striped lock; members are read through a {@link MemberCache} and
 * rooms' member lists through {@link MemberLists}, which the same lock keeps coherent. In a {@link
 * NoWait#attempt} a stripe is taken only when it is free.
 *
 * <p>A member is two records under the same key: its row (JSON, in {@code members}) and, once it
 * has read past what its row says, its read marker (an 8-byte seq, in {@code read_markers}). The
 * member's marker is the greater of the two. why: every send moves its sender's marker, and a
 * marker of 8 bytes instead of the ~150-byte row is a quarter less written to the log per send, and
 * a family whose flush is a fraction of the row's (docs/adr/0001-rocksdb-embedded-storage.md). A
 * marker exists only beside its row: both are deleted in one write when the member leaves, so a
 * member who rejoins starts from the marker it rejoins with.
 *
 * <p>Shared by {@link RocksDbRoomStore} and {@link RocksDbMessageStore}: the message store moves a
 * sender's read marker in its message's own write batch ({@link #markRead(String, String, long,
 * Consumer)}), so a send costs RocksDB one write and one log append instead of two, and the marker
 * is never behind a message its sender has stored.
 */
final class RocksDbMembers {

  private static final int STRIPES = 256;
  private final RocksDbStorage storage;
  private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
  private final MemberCache cache;
  private final MemberLists lists;

  RocksDbMembers(RocksDbStorage storage, int cachedMembers) {
    this.storage = storage;
    this.cache = new MemberCache(cachedMembers);
    this.lists = new MemberLists(cachedMembers, STRIPES);
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new ReentrantLock();
    }
  }

  /**
   * Runs {@code work} holding the lock that serialises the read-modify-writes of the room's members
   * (in a {@link NoWait#attempt}, only when it is free).
   */
  <T> T inStripe(String roomId, Supplier<T> work) {
    var stripe = stripes[stripeOf(roomId)];
    NoWait.lock(stripe);
    try {
      return work.get();
    } finally {
      stripe.unlock();
    }
  }

  Optional<Member> find(String roomId, String userId) {
    Member cached = cache.get(roomId, userId);
    if (cached != null) {
      return Optional.of(cached);
    }
    return inStripe(
        roomId,
        () -> {
          // why: filled under the stripe, so no write of this member can slip in between read and
          // fill
          Member again = cache.get(roomId, userId);
          if (again != null) {
            return Optional.of(again);
          }
          byte[] key = Keys.pair(roomId, userId);
          byte[] value = storage.get(MEMBERS, key);
          if (value == null) {
            return Optional.<Member>empty();
          }
          Member stored =
              withMarker(Json.read(value, Member.class), storage.get(READ_MARKERS, key));
          cache.fill(stored);
          return Optional.of(stored);
        });
  }

  /** The room's members, oldest first (ties by user id). */
  List<Member> list(String roomId) {
    List<Member> kept = lists.get(roomId);
    if (kept != null) {
      return kept;
    }
    int stripe = stripeOf(roomId);
    long version;
    NoWait.lock(stripes[stripe]);
    try {
      version = lists.version(stripe);
    } finally {
      stripes[stripe].unlock();
    }
    var members = new ArrayList<Member>();
    var stored = new ArrayList<Member>();
    byte[] prefix = Keys.prefix(roomId);
    byte[] end = Keys.prefixEnd(roomId);
    storage.scan(
        MEMBERS,
        prefix,
        end,
        false,
        (key, value) -> {
          // why: a cached member is the stored one or a newer write; never filled from a scan,
          // which runs outside the room's stripe
          Member cached = cache.get(roomId, Keys.suffix(key, prefix.length));
          return cached != null ? members.add(cached) : stored.add(Json.read(value, Member.class));
        });
    if (!stored.isEmpty()) {
      // why: read after the rows, so a marker is as new as its row or newer; markers only move up
      Map<String, byte[]> markers = new HashMap<>();
      storage.scan(
          READ_MARKERS,
          prefix,
          end,
          false,
          (key, value) -> {
            markers.put(Keys.suffix(key, prefix.length), value);
            return true;
          });
      stored.forEach(member -> members.add(withMarker(member, markers.get(member.userId()))));
    }
    members.sort(Comparator.comparing(Member::joinedAt).thenComparing(Member::userId));
    List<Member> read = List.copyOf(members);
    NoWait.lock(stripes[stripe]);
    try {
      lists.keep(stripe, version, roomId, read);
    } finally {
      stripes[stripe].unlock();
    }
    return read;
  }

  /**
   * Moves the member's read marker forward to {@code seq}, in one write batch with what {@code
   * alsoWrite} puts in it (nothing when {@code null}), under the room's stripe. The batch is
   * written when the marker moves or {@code alsoWrite} is given. Returns the member as it is now;
   * empty when {@code userId} is not a member.
   */
  Optional<Member> markRead(
      String roomId,
      String userId,
      long seq,
      long ordinal,
      Consumer<RocksDbStorage.Batch> alsoWrite) {
    if (alsoWrite == null) {
      // why: the marker only moves forward, so a cached marker at or past seq answers without the
      // stripe, which a send's own write batch has just moved it under
      Member cached = cache.get(roomId, userId);
      if (cached != null && cached.lastReadSeq() >= seq) {
        return Optional.of(cached);
      }
    }
    return inStripe(
        roomId,
        () -> {
          var current = find(roomId, userId);
          Member moved =
              current.isPresent() && current.get().lastReadSeq() < seq
                  ? current.get().withLastRead(seq, ordinal)
                  : null;
          if (moved == null && alsoWrite == null) {
            return current;
          }
          storage.write(
              batch -> {
                if (alsoWrite != null) {
                  alsoWrite.accept(batch);
                }
                if (moved != null) {
                  batch.put(READ_MARKERS, Keys.pair(roomId, userId), marker(seq, ordinal));
                }
              });
          if (moved == null) {
            return current;
          }
          written(moved);
          return Optional.of(moved);
        });
  }

  /** After RocksDB has a write of {@code member}; under its room's stripe. */
  void written(Member member) {
    cache.written(member);
    lists.written(stripeOf(member.roomId()), member.roomId());
  }

  /** After RocksDB has the removal of a member; under its room's stripe. */
  void removed(String roomId, String userId) {
    cache.removed(roomId, userId);
    lists.written(stripeOf(roomId), roomId);
  }

  /** After RocksDB has a write of the room's members; under its stripe. */
  void roomWritten(String roomId) {
    lists.written(stripeOf(roomId), roomId);
  }

  /**
   * Adds a mention of the member at {@code seq} to its row, under the room's stripe; nothing when
   * the user is not a member.
   */
  void mention(String roomId, String userId, long seq) {
    inStripe(
        roomId,
        () -> {
          var current = find(roomId, userId);
          if (current.isEmpty() || current.get().mentions().contains(seq)) {
            return current;
          }
          // why: the row's own marker is left as it is; the marker entry beside it stays ahead
          byte[] key = Keys.pair(roomId, userId);
          byte[] row = storage.get(MEMBERS, key);
          if (row == null) {
            return current;
          }
          var stored = Json.read(row, Member.class).withMention(seq);
          storage.write(batch -> batch.put(MEMBERS, key, Json.write(stored)));
          var mentioned = current.get().withMention(seq);
          written(mentioned);
          return Optional.of(mentioned);
        });
  }

  /** A read marker's value: its seq, then its ordinal. */
  private static byte[] marker(long seq, long ordinal) {
    return ByteBuffer.allocate(16).putLong(seq).putLong(ordinal).array();
  }

  /**
   * The member with the marker stored beside its row, when that is further on. A marker written
   * before ordinals existed holds its seq only, which was its ordinal too.
   */
  private static Member withMarker(Member row, byte[] marker) {
    if (marker == null) {
      return row;
    }
    var value = ByteBuffer.wrap(marker);
    long seq = value.getLong();
    long ordinal = marker.length >= 16 ? value.getLong() : seq;
    return seq > row.lastReadSeq() ? row.withLastRead(seq, ordinal) : row;
  }

  private static int stripeOf(String roomId) {
    return Math.floorMod(roomId.hashCode(), STRIPES);
  }
}
