package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Turns a {@link NewRoom} request into the room and members to store, applying each room type's
 * rules: who the members are, their roles, and the unique key of DIRECT and TRADE rooms.
 */
record RoomPlan(Room room, List<Member> members) {

  static final int MAX_TITLE = 200;
  static final int MAX_MEMBERS = 1000;

  static RoomPlan of(Caller caller, NewRoom request, String roomId, Instant now) {
    if (request.type() == null) {
      throw DugoutException.invalid("type", "is required (DIRECT, TRADE or GROUP)");
    }
    List<String> userIds = memberIds(caller, request);
    String title = title(request);
    return switch (request.type()) {
      case DIRECT -> direct(request, userIds, title, roomId, now);
      case TRADE -> trade(request, userIds, title, roomId, now);
      case GROUP -> group(caller, request, userIds, title, roomId, now);
    };
  }

  private static RoomPlan direct(
      NewRoom request, List<String> userIds, String title, String roomId, Instant now) {
    if (userIds.size() != 2) {
      throw DugoutException.invalid("memberIds", "a DIRECT room has exactly two distinct members");
    }
    if (request.trade() != null) {
      throw DugoutException.invalid("trade", "is only for TRADE rooms");
    }
    String key = Room.directKey(userIds.get(0), userIds.get(1));
    var room = new Room(roomId, RoomType.DIRECT, title, null, now, key);
    return new RoomPlan(room, members(roomId, userIds, now, u -> MemberRole.MEMBER));
  }

  private static RoomPlan trade(
      NewRoom request, List<String> userIds, String title, String roomId, Instant now) {
    var trade = request.trade();
    if (trade == null) {
      throw DugoutException.invalid("trade", "is required for a TRADE room");
    }
    Ids.require("trade.itemId", trade.itemId(), Ids.MAX_USER_ID_LENGTH);
    String seller = Ids.requireUserId("trade.sellerId", trade.sellerId());
    if (userIds.size() != 2 || !userIds.contains(seller)) {
      throw DugoutException.invalid(
          "memberIds", "a TRADE room has exactly two members: the seller and the buyer");
    }
    String buyer = userIds.get(0).equals(seller) ? userIds.get(1) : userIds.get(0);
    String key = Room.tradeKey(trade.itemId(), buyer, seller);
    var room = new Room(roomId, RoomType.TRADE, title, trade, now, key);
    return new RoomPlan(
        room,
        members(
            roomId, userIds, now, u -> u.equals(seller) ? MemberRole.SELLER : MemberRole.BUYER));
  }

  private static RoomPlan group(
      Caller caller,
      NewRoom request,
      List<String> userIds,
      String title,
      String roomId,
      Instant now) {
    if (request.trade() != null) {
      throw DugoutException.invalid("trade", "is only for TRADE rooms");
    }
    if (userIds.isEmpty()) {
      throw DugoutException.invalid("memberIds", "a GROUP room needs at least one member");
    }
    String owner = caller.service() ? userIds.getFirst() : caller.userId();
    var room = new Room(roomId, RoomType.GROUP, title, null, now, null);
    return new RoomPlan(
        room,
        members(roomId, userIds, now, u -> u.equals(owner) ? MemberRole.OWNER : MemberRole.MEMBER));
  }

  private static List<String> memberIds(Caller caller, NewRoom request) {
    var ids = new LinkedHashSet<String>();
    if (!caller.service()) {
      ids.add(caller.userId());
    }
    var requested = request.memberIds() == null ? List.<String>of() : request.memberIds();
    if (requested.size() > MAX_MEMBERS) {
      throw DugoutException.invalid("memberIds", "must have at most " + MAX_MEMBERS + " entries");
    }
    for (int i = 0; i < requested.size(); i++) {
      ids.add(Ids.requireUserId("memberIds[" + i + "]", requested.get(i)));
    }
    return new ArrayList<>(ids);
  }

  private static String title(NewRoom request) {
    String title = request.title();
    if (title == null) {
      return null;
    }
    title = title.strip();
    if (title.length() > MAX_TITLE) {
      throw DugoutException.invalid("title", "must be at most " + MAX_TITLE + " characters");
    }
    return title.isEmpty() ? null : title;
  }

  private static List<Member> members(
      String roomId,
      List<String> userIds,
      Instant now,
      java.util.function.Function<String, MemberRole> role) {
    return userIds.stream().map(u -> new Member(roomId, u, role.apply(u), now, 0)).toList();
  }
}
