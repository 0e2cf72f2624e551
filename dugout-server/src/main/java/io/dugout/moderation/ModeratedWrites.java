package io.dugout.moderation;

import io.dugout.message.SendModeration;
import io.dugout.room.RoomStore;
import io.dugout.system.DugoutException;
import java.time.Clock;
import java.util.function.BooleanSupplier;
import org.springframework.stereotype.Component;

/**
 * Applies a GROUP room's moderation to a user's writes: a mute refuses sends, edits and reactions;
 * a frozen room refuses them from everyone but its owner and admins; slow mode spaces a member's
 * new messages. A write to a GROUP room reads the room's rules and the writer's mute in one store
 * read, and the writer's role only when the room is frozen or slow; a write to another room reads
 * nothing ({@link GroupRooms}).
 */
@Component
class ModeratedWrites implements SendModeration {

  private final GroupRooms groups;
  private final ModerationStore store;
  private final RoomStore rooms;
  private final SlowModeGate gate;
  private final Clock clock;

  ModeratedWrites(
      GroupRooms groups, ModerationStore store, RoomStore rooms, SlowModeGate gate, Clock clock) {
    this.groups = groups;
    this.store = store;
    this.rooms = rooms;
    this.gate = gate;
    this.clock = clock;
  }

  @Override
  public void requireMaySend(String roomId, String userId, BooleanSupplier storedBefore) {
    var rules = requireUnmuted(roomId, userId);
    if (!rules.frozen() && rules.slowModeSeconds() == 0 || exempt(roomId, userId)) {
      return;
    }
    requireUnfrozen(rules, roomId);
    long waitMillis = gate.tryPass(roomId, userId, rules.slowModeSeconds() * 1000L);
    // why: a retry of a message stored before is answered with the original, not refused
    if (waitMillis > 0 && !storedBefore.getAsBoolean()) {
      long seconds = Math.max(1, (waitMillis + 999) / 1000);
      throw DugoutException.slowMode(
          "room "
              + roomId
              + " is in slow mode: one message per "
              + rules.slowModeSeconds()
              + " s; try again in "
              + seconds
              + " s",
          seconds);
    }
  }

  @Override
  public void requireMayChange(String roomId, String userId) {
    var rules = requireUnmuted(roomId, userId);
    if (rules.frozen() && !exempt(roomId, userId)) {
      requireUnfrozen(rules, roomId);
    }
  }

  /** The room's rules, once the writer is known not to be muted. */
  private ModerationStore.Rules requireUnmuted(String roomId, String userId) {
    if (!groups.isGroup(roomId)) {
      return ModerationStore.Rules.NONE;
    }
    var writer = store.writer(roomId, userId);
    var mute = writer.mute();
    if (mute != null && mute.holdsAt(clock.instant())) {
      throw DugoutException.muted(
          mute.until() == null
              ? "you are muted in room " + roomId + " until a moderator unmutes you"
              : "you are muted in room " + roomId + " until " + mute.until(),
          mute.until());
    }
    return writer.rules();
  }

  private static void requireUnfrozen(ModerationStore.Rules rules, String roomId) {
    if (rules.frozen()) {
      throw DugoutException.frozen(
          "room " + roomId + " is frozen: only its owner and admins write in it");
    }
  }

  private boolean exempt(String roomId, String userId) {
    return ModerationRights.exemptFromRoomRules(rooms.findMember(roomId, userId).orElse(null));
  }
}
