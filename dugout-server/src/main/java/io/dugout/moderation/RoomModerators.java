package io.dugout.moderation;

import io.dugout.auth.Caller;
import io.dugout.room.Member;
import io.dugout.room.RoomModeration;
import java.util.Map;
import org.springframework.stereotype.Component;

/** What rooms ask of moderation ({@link RoomModeration}), answered by {@link ModerationRights}. */
@Component
class RoomModerators implements RoomModeration {

  private final ModerationService moderation;
  private final ModerationStore store;
  private final Announcements announce;

  RoomModerators(ModerationService moderation, ModerationStore store, Announcements announce) {
    this.moderation = moderation;
    this.store = store;
    this.announce = announce;
  }

  @Override
  public void requireRemover(Caller caller, String roomId, String userId) {
    moderation.requireModeratorOf(caller, roomId, userId);
  }

  @Override
  public void removed(Caller caller, String roomId, String userId) {
    announce.toRoom(
        caller, "room.member.removed", roomId, userId, null, Map.of(), userId + " was removed");
  }

  @Override
  public boolean moderates(Member member) {
    return ModerationRights.moderates(member);
  }

  @Override
  public boolean banned(String roomId, String userId) {
    return store.findBan(roomId, userId).isPresent();
  }
}
