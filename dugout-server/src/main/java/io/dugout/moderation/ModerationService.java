package io.dugout.moderation;

import io.dugout.auth.Caller;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.RoomEvent;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/**
 * Applies moderation actions to GROUP rooms: checks the right ({@link ModerationRights}), makes the
 * action durable, then tells the room and the audit log ({@link Announcements}). An action that
 * changes nothing (banning a banned user, freezing a frozen room) tells nobody.
 */
@Service
class ModerationService {

  static final int MAX_REASON = 500;
  static final int MAX_SLOW_MODE_SECONDS = 86_400;
  static final Duration MAX_MUTE = Duration.ofDays(366);

  private final RoomStore rooms;
  private final ModerationStore store;
  private final Announcements announce;
  private final ApplicationEventPublisher events;
  private final Clock clock;

  ModerationService(
      RoomStore rooms,
      ModerationStore store,
      Announcements announce,
      ApplicationEventPublisher events,
      Clock clock) {
    this.rooms = rooms;
    this.store = store;
    this.announce = announce;
    this.events = events;
    this.clock = clock;
  }

  /** Makes a member an admin ({@code admin}) or a plain member again. */
  Member setAdmin(Caller caller, String roomId, String userId, boolean admin) {
    Member actor = actorIn(caller, roomId);
    Ids.requireUserId("userId", userId);
    ModerationRights.requireAppointer(caller, actor, userId);
    Member target =
        rooms
            .findMember(roomId, userId)
            .orElseThrow(
                () -> DugoutException.notFound("no member " + userId + " in room " + roomId));
    MemberRole role = ModerationRights.appointedRole(target, admin);
    if (target.role() == role) {
      return target;
    }
    Member changed =
        rooms
            .setRole(roomId, userId, role)
            .orElseThrow(
                () -> DugoutException.notFound("no member " + userId + " in room " + roomId));
    announce.toRoom(
        caller,
        admin ? "room.admin.appointed" : "room.admin.dismissed",
        roomId,
        userId,
        null,
        Map.of(),
        admin ? userId + " is now an admin" : userId + " is no longer an admin");
    return changed;
  }

  /** Mutes a user for {@code duration} (null: until unmuted); returns the mute. */
  ModerationStore.Mute mute(
      Caller caller, String roomId, String userId, Duration duration, String reason) {
    requireModeratorOf(caller, roomId, userId);
    if (duration != null
        && (duration.isNegative() || duration.isZero() || duration.compareTo(MAX_MUTE) > 0)) {
      throw DugoutException.invalid("seconds", "must be between 1 and " + MAX_MUTE.toSeconds());
    }
    Instant now = clock.instant();
    Instant until = duration == null ? null : now.plus(duration);
    var mute = new ModerationStore.Mute(roomId, userId, until, Announcements.actorId(caller), now);
    store.mute(mute);
    events.publishEvent(new RoomEvent.ModerationChanged(roomId, userId));
    var details = new HashMap<String, String>();
    if (until != null) {
      details.put("until", until.toString());
    }
    announce.toRoom(
        caller,
        "room.member.muted",
        roomId,
        userId,
        reason(reason),
        details,
        until == null ? userId + " was muted" : userId + " was muted until " + until);
    return mute;
  }

  void unmute(Caller caller, String roomId, String userId) {
    requireModeratorOf(caller, roomId, userId);
    if (store.unmute(roomId, userId)) {
      events.publishEvent(new RoomEvent.ModerationChanged(roomId, userId));
      announce.toRoom(
          caller, "room.member.unmuted", roomId, userId, null, Map.of(), userId + " was unmuted");
    }
  }

  /** Bans a user: removed from the room, and not added back until unbanned. */
  void ban(Caller caller, String roomId, String userId, String reason) {
    requireModeratorOf(caller, roomId, userId);
    String why = reason(reason);
    if (!store.ban(
        new ModerationStore.Ban(
            roomId, userId, Announcements.actorId(caller), why, clock.instant()))) {
      return;
    }
    // why: after the ban is durable, so an add racing it sees the ban once it has added (see
    // RoomService.addMember) and takes the member out again
    boolean wasMember = rooms.removeMember(roomId, userId);
    announce.toRoom(
        caller, "room.member.banned", roomId, userId, why, Map.of(), userId + " was banned");
    if (wasMember) {
      events.publishEvent(new RoomEvent.MemberLeft(roomId, userId));
    }
  }

  void unban(Caller caller, String roomId, String userId) {
    requireModeratorOf(caller, roomId, userId);
    if (store.unban(roomId, userId)) {
      announce.toAudit(caller, "room.member.unbanned", roomId, userId, null, Map.of());
    }
  }

  List<ModerationStore.Ban> bans(Caller caller, String roomId, String after, int limit) {
    ModerationRights.requireRoomModerator(caller, actorIn(caller, roomId));
    return store.bans(roomId, after, limit);
  }

  ModerationStore.Rules rules(Caller caller, String roomId) {
    actorIn(caller, roomId);
    return store.rules(roomId);
  }

  ModerationStore.Rules freeze(Caller caller, String roomId, boolean frozen, String reason) {
    ModerationRights.requireRoomModerator(caller, actorIn(caller, roomId));
    if (store.setFrozen(roomId, frozen)) {
      events.publishEvent(new RoomEvent.ModerationChanged(roomId, null));
      announce.toRoom(
          caller,
          frozen ? "room.frozen" : "room.unfrozen",
          roomId,
          null,
          reason(reason),
          Map.of(),
          frozen ? "the room was frozen" : "the room was unfrozen");
    }
    return store.rules(roomId);
  }

  ModerationStore.Rules slowMode(Caller caller, String roomId, int seconds, String reason) {
    ModerationRights.requireRoomModerator(caller, actorIn(caller, roomId));
    if (seconds < 0 || seconds > MAX_SLOW_MODE_SECONDS) {
      throw DugoutException.invalid("seconds", "must be between 1 and " + MAX_SLOW_MODE_SECONDS);
    }
    if (store.setSlowMode(roomId, seconds)) {
      events.publishEvent(new RoomEvent.ModerationChanged(roomId, null));
      announce.toRoom(
          caller,
          seconds == 0 ? "room.slow_mode.cleared" : "room.slow_mode.set",
          roomId,
          null,
          reason(reason),
          seconds == 0 ? Map.of() : Map.of("seconds", Integer.toString(seconds)),
          seconds == 0
              ? "slow mode is off"
              : "slow mode: one message per " + seconds + " s per member");
    }
    return store.rules(roomId);
  }

  /** Checks the caller may remove, mute or ban {@code userId} in the room. */
  void requireModeratorOf(Caller caller, String roomId, String userId) {
    Member actor = actorIn(caller, roomId);
    Ids.requireUserId("userId", userId);
    ModerationRights.requireModeratorOf(
        caller, actor, userId, rooms.findMember(roomId, userId).orElse(null));
  }

  /**
   * The caller's membership in the GROUP room (null for a service token).
   *
   * @throws DugoutException not_found for no room, forbidden for a user who is not a member,
   *     conflict for a DIRECT or TRADE room, which has no moderators
   */
  private Member actorIn(Caller caller, String roomId) {
    var room = rooms.find(roomId).orElseThrow(() -> DugoutException.notFound("no room " + roomId));
    Member actor = null;
    if (!caller.service()) {
      actor =
          rooms
              .findMember(roomId, caller.userId())
              .orElseThrow(() -> DugoutException.forbidden("not a member of room " + roomId));
    }
    if (room.type() != RoomType.GROUP) {
      throw DugoutException.conflict(
          "only GROUP rooms are moderated; room " + roomId + " is " + room.type());
    }
    return actor;
  }

  private static String reason(String reason) {
    if (reason == null || reason.isBlank()) {
      return null;
    }
    if (reason.length() > MAX_REASON) {
      throw DugoutException.invalid("reason", "must be at most " + MAX_REASON + " characters");
    }
    return reason;
  }
}
