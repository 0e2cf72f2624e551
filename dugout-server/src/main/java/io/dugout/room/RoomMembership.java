package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.message.RoomAccess;
import io.dugout.system.DugoutException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * {@link RoomAccess} backed by the {@link RoomStore}: the one place membership is decided. A
 * member's checks are answered from this node's {@link MembershipView} while it may answer (in a
 * cluster, a removal made on another node counts here when its room event arrives, or within {@code
 * dugout.rooms.member-cache-ttl} if the event is lost); a non-member's always from the store. Roles
 * are read from the store on every check.
 */
@Component
class RoomMembership implements RoomAccess {

  private final RoomStore rooms;
  private final ObjectProvider<RoomModeration> moderation;
  private final MembershipView members;

  // why: a provider, as moderation announces its actions through messages, which ask membership;
  // the feed too, as in a cluster its carrier delivers messages, which ask membership
  RoomMembership(
      RoomStore rooms,
      ObjectProvider<RoomModeration> moderation,
      ObjectProvider<RoomEventFeed> feed,
      RoomProperties properties) {
    this.rooms = rooms;
    this.moderation = moderation;
    this.members =
        new MembershipView(
            rooms,
            CheckedView.feedOf(feed),
            properties.memberCacheTtl().toNanos(),
            System::nanoTime);
  }

  @Override
  public void requireReader(Caller caller, String roomId) {
    // why: for a member one check answers; the rule itself is decided below
    if (caller.service() || !members.isMember(roomId, caller.userId())) {
      requireReadable(caller, roomId);
    }
  }

  @Override
  public boolean isMember(String roomId, String userId) {
    return members.isMember(roomId, userId);
  }

  @Override
  public boolean isMemberInStore(String roomId, String userId) {
    boolean member = rooms.findMember(roomId, userId).isPresent();
    if (!member) {
      members.removed(roomId, userId);
    }
    return member;
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

  @EventListener
  void memberLeft(RoomEvent.MemberLeft left) {
    members.removed(left.roomId(), left.userId());
  }

  /** The node's feed, looked up at the first check, when every bean exists. */
}
