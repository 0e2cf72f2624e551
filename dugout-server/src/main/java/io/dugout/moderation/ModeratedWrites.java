package io.dugout.moderation;

import io.dugout.message.SendModeration;
import io.dugout.room.CheckedView;
import io.dugout.room.RoomEvent;
import io.dugout.room.RoomEventFeed;
import io.dugout.room.RoomProperties;
import io.dugout.room.RoomStore;
import io.dugout.system.DugoutException;
import java.time.Clock;
import java.util.function.BooleanSupplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Applies a GROUP room's moderation to a user's writes: a mute refuses sends, edits and reactions;
 * a frozen room refuses them from everyone but its owner and admins; slow mode spaces a member's
 * new messages. A write to a GROUP room reads the room's rules and the writer's mute in one store
 * read, and the writer's role only when the room is frozen or slow; a write to another room reads
 * nothing ({@link GroupRooms}).
 *
 * <p>What a writer may do is kept in a {@link CheckedView}, so a member's every send need not read
 * it again: a moderator's change drops it on this node at once and on the others when its {@link
 * RoomEvent.ModerationChanged} arrives, or within {@code dugout.rooms.member-cache-ttl} if the
 * event is lost. A mute's end needs no event: it is compared with the clock at every write.
 */
@Component
class ModeratedWrites implements SendModeration {

  private final GroupRooms groups;
  private final ModerationStore store;
  private final RoomStore rooms;
  private final SlowModeGate gate;
  private final Clock clock;
  private final CheckedView<Writing, ModerationStore.Writer> writers;

  private record Writing(String roomId, String userId) {}

  ModeratedWrites(
      GroupRooms groups,
      ModerationStore store,
      RoomStore rooms,
      SlowModeGate gate,
      Clock clock,
      ObjectProvider<RoomEventFeed> feed,
      RoomProperties properties) {
    this.groups = groups;
    this.store = store;
    this.rooms = rooms;
    this.gate = gate;
    this.clock = clock;
    this.writers =
        new CheckedView<>(
            CheckedView.feedOf(feed), properties.memberCacheTtl().toNanos(), System::nanoTime);
  }

  /** A moderator's change, made here or (in a cluster) on another node: read it again. */
  @EventListener
  void moderationChanged(RoomEvent.ModerationChanged changed) {
    if (changed.userId() == null) {
      writers.changedWhere(writing -> writing.roomId().equals(changed.roomId()));
    } else {
      writers.changed(new Writing(changed.roomId(), changed.userId()));
    }
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
    var writer =
        writers.get(
            new Writing(roomId, userId), w -> store.writer(w.roomId(), w.userId()), w -> true);
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
