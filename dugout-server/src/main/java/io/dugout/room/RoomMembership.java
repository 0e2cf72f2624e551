package io.dugout.room;

import io.dugout.message.RoomAccess;
import io.dugout.system.DugoutException;
import org.springframework.stereotype.Component;

/** {@link RoomAccess} backed by the {@link RoomStore}. */
@Component
class RoomMembership implements RoomAccess {

  private final RoomStore rooms;

  RoomMembership(RoomStore rooms) {
    this.rooms = rooms;
  }

  @Override
  public void requireMember(String roomId, String userId) {
    if (rooms.findMember(roomId, userId).isEmpty()) {
      requireRoom(roomId);
      throw DugoutException.forbidden("not a member of room " + roomId);
    }
  }

  @Override
  public void requireRoom(String roomId) {
    if (rooms.find(roomId).isEmpty()) {
      throw DugoutException.notFound("no room " + roomId);
    }
  }
}
