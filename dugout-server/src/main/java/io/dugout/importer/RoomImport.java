package io.dugout.importer;

import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.Room;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import io.dugout.room.TradeContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * Writes one room and its members through {@link RoomStore}: a room the store holds already is left
 * as it is (its new members are added), so a second run changes nothing. DIRECT and TRADE rooms
 * follow the server's rules (two members, one room per pair or trade): an imported one whose users
 * already have such a room is merged into that room.
 */
final class RoomImport {

  private final RoomStore rooms;
  private final ImportSummary summary;

  RoomImport(RoomStore rooms, ImportSummary summary) {
    this.rooms = rooms;
    this.summary = summary;
  }

  /**
   * The room the file's lines for {@code roomId} go to, created if need be, with the member lines
   * that stand; empty when the room cannot be imported (its lines are then rejected by the caller,
   * with {@link Target#reason}).
   */
  Target prepare(String roomId, RoomLine line, List<MemberLine> memberLines) {
    var members = distinct(memberLines);
    Optional<Room> existing = rooms.find(roomId);
    if (existing.isEmpty() && line == null) {
      return Target.refused("room " + roomId + " is neither in the file nor in Dugout");
    }
    if (existing.isPresent()) {
      if (line != null) {
        if (existing.get().type() != line.kind()) {
          return Target.refused(
              "room "
                  + roomId
                  + " exists as a "
                  + existing.get().type()
                  + " room, not "
                  + line.kind());
        }
        summary.roomsPresent++;
      }
      return join(existing.get(), members);
    }
    Room room;
    try {
      room = room(line, members);
    } catch (IllegalArgumentException e) {
      return Target.refused(e.getMessage());
    }
    var newMembers = new ArrayList<Member>();
    for (MemberLine member : members) {
      newMembers.add(member(room, member));
    }
    var created = rooms.create(room, newMembers);
    if (!created.created()) {
      // why: these users already have their DIRECT (or TRADE) room; Dugout keeps one
      summary.roomsPresent++;
      return join(created.room(), members);
    }
    summary.roomsImported++;
    summary.membersImported += newMembers.size();
    return new Target(room.id(), members, null);
  }

  private Target join(Room room, List<MemberLine> members) {
    var joined = new ArrayList<MemberLine>();
    for (MemberLine member : members) {
      if (rooms.findMember(room.id(), member.userId()).isPresent()) {
        summary.membersPresent++;
        joined.add(member);
      } else if (room.type() != RoomType.GROUP) {
        summary.reject(
            member.line(), "a " + room.type() + " room's two members are fixed: " + room.id());
      } else {
        if (rooms.addMember(member(room, member))) {
          summary.membersImported++;
        } else {
          summary.membersPresent++;
        }
        joined.add(member);
      }
    }
    return new Target(room.id(), joined, null);
  }

  /** The member lines with one line per user; a second line for a user is rejected. */
  private List<MemberLine> distinct(List<MemberLine> lines) {
    var byUser = new LinkedHashMap<String, MemberLine>();
    for (MemberLine line : lines) {
      MemberLine first = byUser.putIfAbsent(line.userId(), line);
      if (first != null) {
        summary.reject(
            line.line(), "member " + line.userId() + " is already on line " + first.line());
      }
    }
    return List.copyOf(byUser.values());
  }

  private static Room room(RoomLine line, List<MemberLine> members) {
    String key =
        switch (line.kind()) {
          case GROUP -> null;
          case DIRECT -> {
            requireTwo(line, members);
            yield Room.directKey(members.get(0).userId(), members.get(1).userId());
          }
          case TRADE -> {
            requireTwo(line, members);
            String seller = line.sellerId();
            String buyer = members.get(0).userId();
            if (buyer.equals(seller)) {
              buyer = members.get(1).userId();
            } else if (!members.get(1).userId().equals(seller)) {
              throw new IllegalArgumentException(
                  "TRADE room " + line.id() + ": the seller " + seller + " is not a member");
            }
            yield Room.tradeKey(line.itemId(), buyer, seller);
          }
        };
    TradeContext trade =
        line.kind() == RoomType.TRADE ? new TradeContext(line.itemId(), line.sellerId()) : null;
    return new Room(line.id(), line.kind(), line.title(), trade, line.createdAt(), key);
  }

  private static void requireTwo(RoomLine line, List<MemberLine> members) {
    if (members.size() != 2) {
      throw new IllegalArgumentException(
          "a "
              + line.kind()
              + " room has exactly two members; room "
              + line.id()
              + " has "
              + members.size());
    }
  }

  private static Member member(Room room, MemberLine line) {
    MemberRole role = line.role();
    if (role == null) {
      role =
          room.type() != RoomType.TRADE
              ? MemberRole.MEMBER
              : line.userId().equals(room.trade().sellerId())
                  ? MemberRole.SELLER
                  : MemberRole.BUYER;
    }
    var joinedAt = line.joinedAt() != null ? line.joinedAt() : room.createdAt();
    return new Member(room.id(), line.userId(), role, joinedAt, 0);
  }

  /**
   * Where a room's lines go.
   *
   * @param roomId the room in Dugout (another id than the file's when merged); null when refused
   * @param members the member lines that stand
   * @param reason why the room cannot be imported; null when it can
   */
  record Target(String roomId, List<MemberLine> members, String reason) {

    static Target refused(String reason) {
      return new Target(null, List.of(), reason);
    }
  }
}
