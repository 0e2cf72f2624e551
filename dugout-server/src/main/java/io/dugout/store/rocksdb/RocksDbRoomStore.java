package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.MEMBERS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.READ_MARKERS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.ROOMS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.ROOM_KEYS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.USER_ROOMS;

import io.dugout.message.MessageStore;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.Room;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link RoomStore} on RocksDB. Read-modify-writes of one room's members are serialised on the
 * stripes of {@link RocksDbMembers}, which also keeps members and member lists as read; creations
 * with a unique key on one more monitor, so that a pair or trade gets one room however many
 * requests race for it. Rooms themselves never change once created, so up to {@value #KEPT_ROOMS}
 * decoded rooms are kept as read.
 */
final class RocksDbRoomStore implements RoomStore {

  static final int KEPT_ROOMS = 100_000;
  private final RocksDbStorage storage;
  private final MessageStore messages;
  private final Object uniqueCreation = new Object();
  private final RocksDbMembers memberRows;
  private final ConcurrentHashMap<String, Room> rooms = new ConcurrentHashMap<>();

  RocksDbRoomStore(RocksDbStorage storage, MessageStore messages, RocksDbMembers memberRows) {
    this.storage = storage;
    this.messages = messages;
    this.memberRows = memberRows;
  }

  @Override
  public Created create(Room room, List<Member> members) {
    if (room.uniqueKey() == null) {
      write(room, members);
      return new Created(room, true);
    }
    synchronized (uniqueCreation) {
      byte[] existing = storage.get(ROOM_KEYS, Keys.utf8(room.uniqueKey()));
      if (existing != null) {
        return new Created(find(Keys.string(existing)).orElseThrow(), false);
      }
      write(room, members);
      return new Created(room, true);
    }
  }

  /**
   * A room is written once, when it is created, so a room read is kept as it is (absence is not:
   * the room may be created next).
   */
  @Override
  public Optional<Room> find(String roomId) {
    Room kept = rooms.get(roomId);
    if (kept != null) {
      return Optional.of(kept);
    }
    byte[] value = storage.get(ROOMS, Keys.utf8(roomId));
    if (value == null) {
      return Optional.empty();
    }
    Room room = Json.read(value, Room.class);
    if (rooms.size() >= KEPT_ROOMS) {
      rooms.clear();
    }
    rooms.put(roomId, room);
    return Optional.of(room);
  }

  @Override
  public Optional<Member> findMember(String roomId, String userId) {
    return memberRows.find(roomId, userId);
  }

  @Override
  public List<Member> members(String roomId) {
    return memberRows.list(roomId);
  }

  @Override
  public boolean addMember(Member member) {
    return memberRows.inStripe(
        member.roomId(),
        () -> {
          if (findMember(member.roomId(), member.userId()).isPresent()) {
            return false;
          }
          storage.write(batch -> putMember(batch, member));
          memberRows.written(member);
          return true;
        });
  }

  @Override
  public boolean removeMember(String roomId, String userId) {
    return memberRows.inStripe(
        roomId,
        () -> {
          if (findMember(roomId, userId).isEmpty()) {
            return false;
          }
          storage.write(
              batch -> {
                batch.delete(MEMBERS, Keys.pair(roomId, userId));
                batch.delete(READ_MARKERS, Keys.pair(roomId, userId));
                batch.delete(USER_ROOMS, Keys.pair(userId, roomId));
              });
          memberRows.removed(roomId, userId);
          return true;
        });
  }

  @Override
  public Optional<Member> markRead(String roomId, String userId, long seq, long ordinal) {
    return memberRows.markRead(roomId, userId, seq, ordinal, null);
  }

  @Override
  public void mention(String roomId, List<String> userIds, long seq) {
    for (String userId : userIds) {
      memberRows.mention(roomId, userId, seq);
    }
  }

  @Override
  public Optional<Member> setMuted(String roomId, String userId, boolean muted) {
    return memberRows.inStripe(
        roomId,
        () -> {
          var current = findMember(roomId, userId);
          if (current.isEmpty() || current.get().muted() == muted) {
            return current;
          }
          Member changed = current.get().withMuted(muted);
          storage.write(
              batch -> batch.put(MEMBERS, Keys.pair(roomId, userId), Json.write(changed)));
          memberRows.written(changed);
          return Optional.of(changed);
        });
  }

  @Override
  public Optional<Member> setRole(String roomId, String userId, MemberRole role) {
    return memberRows.inStripe(
        roomId,
        () -> {
          var current = findMember(roomId, userId);
          if (current.isEmpty() || current.get().role() == role) {
            return current;
          }
          Member changed = current.get().withRole(role);
          storage.write(
              batch -> batch.put(MEMBERS, Keys.pair(roomId, userId), Json.write(changed)));
          memberRows.written(changed);
          return Optional.of(changed);
        });
  }

  @Override
  public List<String> roomIdsOf(String userId) {
    var ids = new ArrayList<String>();
    byte[] prefix = Keys.prefix(userId);
    storage.scan(
        USER_ROOMS,
        prefix,
        Keys.prefixEnd(userId),
        false,
        (key, value) -> ids.add(Keys.suffix(key, prefix.length)));
    return ids;
  }

  /**
   * From the user's member records and each room's remembered head ({@link MessageStore#head}): no
   * room record and no newest message is read or decoded.
   */
  @Override
  public long unreadTotal(String userId) {
    long total = 0;
    for (String roomId : roomIdsOf(userId)) {
      var member = findMember(roomId, userId);
      if (member.isPresent()) {
        total += member.get().unreadAt(messages.head(roomId).ordinal());
      }
    }
    return total;
  }

  @Override
  public List<Listing> listingOf(String userId) {
    var listing = new ArrayList<Listing>();
    for (String roomId : roomIdsOf(userId)) {
      var room = find(roomId);
      var member = findMember(roomId, userId);
      if (room.isEmpty() || member.isEmpty()) {
        continue; // why: the user left between the two reads
      }
      var newest = messages.before(roomId, Long.MAX_VALUE, 1);
      listing.add(
          new Listing(
              room.get(),
              member.get(),
              newest.isEmpty() ? null : newest.getFirst(),
              room.get().type() == RoomType.GROUP ? null : members(roomId)));
    }
    return listing;
  }

  private void write(Room room, List<Member> roomMembers) {
    memberRows.inStripe(
        room.id(),
        () -> {
          storage.write(
              batch -> {
                batch.put(ROOMS, Keys.utf8(room.id()), Json.write(room));
                if (room.uniqueKey() != null) {
                  batch.put(ROOM_KEYS, Keys.utf8(room.uniqueKey()), Keys.utf8(room.id()));
                }
                roomMembers.forEach(member -> putMember(batch, member));
              });
          memberRows.roomWritten(room.id());
          return null;
        });
  }

  private static void putMember(RocksDbStorage.Batch batch, Member member) {
    batch.put(MEMBERS, Keys.pair(member.roomId(), member.userId()), Json.write(member));
    batch.put(USER_ROOMS, Keys.pair(member.userId(), member.roomId()), new byte[0]);
  }
}
