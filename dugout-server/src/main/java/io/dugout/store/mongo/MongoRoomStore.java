package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.MongoWriteException;
import com.mongodb.TransactionOptions;
import com.mongodb.client.AggregateIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.PushOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.Room;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import io.dugout.room.TradeContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link RoomStore} on MongoDB: {@code rooms} keyed by room id, {@code members} one document per
 * (room, user). The unique index on {@code uniqueKey} decides which of racing creations of a DIRECT
 * or TRADE room wins; a room and its first members are written in one transaction where the
 * deployment has them (every replica set), so a crash never leaves a room without its members.
 *
 * <p>Over 300 lines: it implements the whole {@link RoomStore} port, whose rooms, members, read
 * markers and roles share two collections and the transaction that writes them together.
 */
final class MongoRoomStore implements RoomStore {

  private final MongoStorage storage;
  private final MongoCollection<Document> rooms;
  private final MongoCollection<Document> members;

  MongoRoomStore(MongoStorage storage) {
    this.storage = storage;
    this.rooms = storage.collection(MongoStorage.ROOMS);
    this.members = storage.collection(MongoStorage.MEMBERS);
  }

  @Override
  public Created create(Room room, List<Member> initial) {
    return storage
        .timers()
        .write()
        .record(
            () -> {
              Document roomDocument = toDocument(room);
              List<Document> memberDocuments =
                  initial.stream().map(MongoRoomStore::toDocument).toList();
              try {
                if (storage.transactions()) {
                  insertInTransaction(roomDocument, memberDocuments);
                } else {
                  // why: without transactions (a standalone server, which production never is) the
                  // members go first and the room, which makes them visible, last: a racer that
                  // finds the room finds its members too. A losing racer removes its own members
                  // below; a crash in between leaves members of a room that never existed, which
                  // every read skips
                  if (!memberDocuments.isEmpty()) {
                    members.insertMany(memberDocuments);
                  }
                  try {
                    rooms.insertOne(roomDocument);
                  } catch (MongoWriteException e) {
                    members.deleteMany(new Document("roomId", room.id()));
                    throw e;
                  }
                }
                return new Created(room, true);
              } catch (MongoWriteException e) {
                if (!MongoStorage.isDuplicateKey(e) || room.uniqueKey() == null) {
                  throw e;
                }
                Document existing =
                    storage
                        .holders(MongoStorage.ROOMS)
                        .find(eq("uniqueKey", room.uniqueKey()))
                        .first();
                if (existing == null) {
                  throw e;
                }
                return new Created(fromDocument(existing), false);
              }
            });
  }

  private void insertInTransaction(Document room, List<Document> memberDocuments) {
    var options =
        TransactionOptions.builder()
            .writeConcern(rooms.getWriteConcern())
            .readConcern(rooms.getReadConcern())
            .build();
    try (var session = storage.client().startSession()) {
      session.withTransaction(
          () -> {
            rooms.insertOne(session, room);
            if (!memberDocuments.isEmpty()) {
              members.insertMany(session, memberDocuments);
            }
            return null;
          },
          options);
    }
  }

  @Override
  public Optional<Room> find(String roomId) {
    return storage
        .timers()
        .read()
        .record(
            () -> {
              return Optional.ofNullable(rooms.find(eq("_id", roomId)).first())
                  .map(MongoRoomStore::fromDocument);
            });
  }

  @Override
  public Optional<Member> findMember(String roomId, String userId) {
    return storage
        .timers()
        .read()
        .record(
            () -> {
              return Optional.ofNullable(members.find(member(roomId, userId)).first())
                  .map(MongoRoomStore::memberFrom);
            });
  }

  @Override
  public List<Member> members(String roomId) {
    return storage
        .timers()
        .scan()
        .record(
            () -> {
              var found = new ArrayList<Member>();
              members
                  .find(eq("roomId", roomId))
                  .sort(Sorts.ascending("joinedAt", "joinedAtNanos", "userId"))
                  .forEach(d -> found.add(memberFrom(d)));
              return Collections.unmodifiableList(found);
            });
  }

  @Override
  public Map<String, List<Member>> members(Collection<String> roomIds) {
    if (roomIds.isEmpty()) {
      return Map.of();
    }
    return storage
        .timers()
        .scan()
        .record(
            () -> {
              var found = new LinkedHashMap<String, List<Member>>();
              members
                  .find(Filters.in("roomId", roomIds))
                  .sort(Sorts.ascending("joinedAt", "joinedAtNanos", "userId"))
                  .forEach(
                      d -> {
                        var member = memberFrom(d);
                        found.computeIfAbsent(member.roomId(), id -> new ArrayList<>()).add(member);
                      });
              found.replaceAll((roomId, list) -> Collections.unmodifiableList(list));
              return found;
            });
  }

  @Override
  public boolean addMember(Member member) {
    return storage
        .timers()
        .write()
        .record(
            () -> {
              try {
                members.insertOne(toDocument(member));
                return true;
              } catch (MongoWriteException e) {
                if (MongoStorage.isDuplicateKey(e)) {
                  return false;
                }
                throw e;
              }
            });
  }

  @Override
  public boolean removeMember(String roomId, String userId) {
    return storage
        .timers()
        .write()
        .record(
            () -> {
              return members.deleteOne(member(roomId, userId)).getDeletedCount() > 0;
            });
  }

  @Override
  public Optional<Member> markRead(String roomId, String userId, long seq, long ordinal) {
    // why: both only rise, and a higher seq never has a lower ordinal, so the two stay a pair
    return updateMember(
        roomId,
        userId,
        Updates.combine(Updates.max("lastReadSeq", seq), Updates.max("lastReadOrdinal", ordinal)));
  }

  /**
   * One update per mentioned member: the seq pushed onto its mentions, of which the last {@value
   * Member#MENTIONS_KEPT} pushed are kept. The filter leaves a member that has it already as it is.
   */
  @Override
  public void mention(String roomId, List<String> userIds, long seq) {
    storage
        .timers()
        .write()
        .record(
            () -> {
              for (String userId : userIds) {
                members.updateOne(
                    Filters.and(member(roomId, userId), Filters.ne("mentions", seq)),
                    Updates.pushEach(
                        "mentions", List.of(seq), new PushOptions().slice(-Member.MENTIONS_KEPT)));
              }
            });
  }

  @Override
  public Optional<Member> setMuted(String roomId, String userId, boolean muted) {
    return updateMember(roomId, userId, Updates.set("muted", muted));
  }

  @Override
  public Optional<Member> setRole(String roomId, String userId, MemberRole role) {
    return updateMember(roomId, userId, Updates.set("role", role.name()));
  }

  /** Applies {@code update} to the member, if there is one, and returns it as updated. */
  private Optional<Member> updateMember(String roomId, String userId, Bson update) {
    return storage
        .timers()
        .write()
        .record(
            () -> {
              Document updated =
                  members.findOneAndUpdate(
                      member(roomId, userId),
                      update,
                      new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
              return Optional.ofNullable(updated).map(MongoRoomStore::memberFrom);
            });
  }

  @Override
  public List<String> roomIdsOf(String userId) {
    return storage
        .timers()
        .scan()
        .record(
            () -> {
              var ids = new ArrayList<String>();
              members
                  .find(eq("userId", userId))
                  .projection(Projections.include("roomId"))
                  .forEach(d -> ids.add(d.getString("roomId")));
              return ids;
            });
  }

  /**
   * One aggregation over the user's {@code members} documents (index {@code user}): each joined
   * with its room by {@code _id}, its newest message by the {@code room_seq} index (a sorted {@code
   * $limit 1}), and, for DIRECT and TRADE rooms, their two members by {@code room_user}. Every
   * sub-pipeline correlates with {@code $expr $eq}, which MongoDB (5.0+) serves from the index of
   * the joined collection.
   */
  @Override
  public List<Listing> listingOf(String userId) {
    return storage
        .timers()
        .scan()
        .record(
            () -> {
              var listing = new ArrayList<Listing>();
              for (Document row : listingQuery(userId)) {
                List<Document> room = row.getList("room", Document.class);
                // why: a room is written before its members, so a row without one is a member being
                // created
                if (!room.isEmpty()) {
                  listing.add(listing(row, fromDocument(room.getFirst())));
                }
              }
              return listing;
            });
  }

  AggregateIterable<Document> listingQuery(String userId) {
    var pipeline =
        List.of(
            new Document("$match", new Document("userId", userId)),
            new Document(
                "$lookup",
                new Document("from", MongoStorage.ROOMS)
                    .append("localField", "roomId")
                    .append("foreignField", "_id")
                    .append("as", "room")),
            correlated(
                MongoStorage.MESSAGES,
                "newest",
                new Document("$sort", new Document("seq", -1)),
                new Document("$limit", 1)),
            // why: a DIRECT or TRADE room has exactly two members; a GROUP's are not listed
            correlated(MongoStorage.MEMBERS, "pair", new Document("$limit", 2)));
    return members.aggregate(pipeline);
  }

  private static Listing listing(Document row, Room room) {
    List<Document> newest = row.getList("newest", Document.class);
    List<Member> pair =
        room.type() == RoomType.GROUP
            ? null
            : row.getList("pair", Document.class).stream()
                .map(MongoRoomStore::memberFrom)
                .sorted(Comparator.comparing(Member::joinedAt).thenComparing(Member::userId))
                .toList();
    return new Listing(
        room,
        memberFrom(row),
        newest.isEmpty() ? null : MessageDocuments.fromDocument(newest.getFirst()),
        pair);
  }

  /**
   * A {@code $lookup} of the documents of {@code from} in the row's room, through {@code stages}.
   */
  private static Document correlated(String from, String as, Document... stages) {
    var pipeline = new ArrayList<Document>();
    pipeline.add(
        new Document(
            "$match", new Document("$expr", new Document("$eq", List.of("$roomId", "$$roomId")))));
    pipeline.addAll(List.of(stages));
    return new Document(
        "$lookup",
        new Document("from", from)
            .append("let", new Document("roomId", "$roomId"))
            .append("pipeline", pipeline)
            .append("as", as));
  }

  private static Bson member(String roomId, String userId) {
    return new Document("roomId", roomId).append("userId", userId);
  }

  private static Document toDocument(Room room) {
    var document =
        new Document("_id", room.id())
            .append("type", room.type().name())
            .append("title", room.title());
    if (room.trade() != null) {
      document.append(
          "trade",
          new Document("itemId", room.trade().itemId())
              .append("sellerId", room.trade().sellerId()));
    }
    MongoStorage.putInstant(document, "createdAt", room.createdAt());
    // why: absent, not null, on groups: the unique index covers only rooms that have a key
    if (room.uniqueKey() != null) {
      document.append("uniqueKey", room.uniqueKey());
    }
    return document;
  }

  private static Room fromDocument(Document d) {
    Document trade = d.get("trade", Document.class);
    return new Room(
        d.getString("_id"),
        RoomType.valueOf(d.getString("type")),
        d.getString("title"),
        trade == null
            ? null
            : new TradeContext(trade.getString("itemId"), trade.getString("sellerId")),
        MongoStorage.getInstant(d, "createdAt"),
        d.getString("uniqueKey"));
  }

  private static Document toDocument(Member member) {
    var document =
        new Document("roomId", member.roomId())
            .append("userId", member.userId())
            .append("role", member.role().name());
    MongoStorage.putInstant(document, "joinedAt", member.joinedAt());
    document.append("lastReadSeq", member.lastReadSeq());
    document.append("lastReadOrdinal", member.lastReadOrdinal());
    // why: absent on members who never muted, as on every member stored before muting existed
    if (member.muted()) {
      document.append("muted", true);
    }
    return document;
  }

  private static Member memberFrom(Document d) {
    return new Member(
        d.getString("roomId"),
        d.getString("userId"),
        MemberRole.valueOf(d.getString("role")),
        MongoStorage.getInstant(d, "joinedAt"),
        d.get("lastReadSeq", Number.class).longValue(),
        d.getBoolean("muted", false),
        // why: absent on members stored before ordinals existed; the record reads 0 as the seq
        d.get("lastReadOrdinal") instanceof Number ordinal ? ordinal.longValue() : 0L,
        d.getList("mentions", Number.class, List.of()).stream().map(Number::longValue).toList());
  }
}
