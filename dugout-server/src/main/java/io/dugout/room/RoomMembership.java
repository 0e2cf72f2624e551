package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.message.RoomAccess;
import io.dugout.system.DugoutException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** {@link RoomAccess} backed by the {@link RoomStore}: the one place membership is decided. */
@Component
class RoomMembership implements RoomAccess {

  private final RoomStore rooms;
  private final ObjectProvider<RoomModeration> moderation;

  // why: a provider, as moderation announces its actions through messages, which ask membership
  RoomMembership(RoomStore rooms, ObjectProvider<RoomModeration> moderation) {
    this.rooms = rooms;
    this.moderation = moderation;
  }

  @Override
  public void requireReader(Caller caller, String roomId) {
    // why: for a member one point read answers; the rule itself is decided below
    if (caller.service() || rooms.findMember(roomId, caller.userId()).isEmpty()) {
      requireReadable(caller, roomId);
    }
  }

  @Override
  public boolean isMember(String roomId, String userId) {
    return rooms.findMember(roomId, userId).isPresent();
  }

  @Override
  public boolean moderates(Caller caller, String roomId) {
    return caller.service()
        || rooms
            .findMember(roomId, caller.userId())
            .map(member -> moderation.getObject().moderates(member))
            .orElse(false);
  }

  /** The room, when it exists and the caller may read it: a member, or a service caller. */
  Room requireReadable(Caller caller, String roomId) {
    Room room = rooms.find(roomId).orElseThrow(() -> DugoutException.notFound("no room " + roomId));
    if (!caller.service() && rooms.findMember(roomId, caller.userId()).isEmpty()) {
      throw DugoutException.forbidden("not a member of room " + roomId);
    }
    return room;
  }
}
