package io.dugout.moderation;

import io.dugout.auth.Caller;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.system.DugoutException;

/**
 * Who may moderate a GROUP room: the one place each moderation right is decided.
 *
 * <ul>
 *   <li>A service token may do everything, in any room, to anyone.
 *   <li>The {@code OWNER} and {@code ADMIN}s moderate members: remove, mute, ban; freeze the room
 *       and set slow mode; delete others' messages.
 *   <li>An admin cannot moderate the owner or another admin; nobody but a service token moderates
 *       the owner.
 *   <li>Only the owner (or a service token) appoints admins and dismisses them.
 *   <li>Nobody moderates themselves.
 *   <li>The owner and admins are exempt from a frozen room and from slow mode; a mute holds for
 *       anyone who is not a service token.
 * </ul>
 *
 * <p>Each method takes the caller and the members concerned as they were just read; {@code actor}
 * is null when the caller is not a member (or is a service token), {@code target} when the user is
 * not a member.
 */
final class ModerationRights {

  private ModerationRights() {}

  /** Remove, mute or ban {@code targetId}. */
  static void requireModeratorOf(Caller caller, Member actor, String targetId, Member target) {
    if (caller.service()) {
      return;
    }
    requireModerator(actor);
    if (caller.userId().equals(targetId)) {
      throw DugoutException.forbidden("a moderator cannot moderate themselves");
    }
    if (target != null && target.role() == MemberRole.OWNER) {
      throw DugoutException.forbidden("nobody but a service token moderates the room's owner");
    }
    if (target != null && target.role() == MemberRole.ADMIN && actor.role() != MemberRole.OWNER) {
      throw DugoutException.forbidden("only the owner moderates an admin");
    }
  }

  /** Freeze the room, set its slow mode, or list its bans. */
  static void requireRoomModerator(Caller caller, Member actor) {
    if (!caller.service()) {
      requireModerator(actor);
    }
  }

  /** Appoint or dismiss an admin. */
  static void requireAppointer(Caller caller, Member actor, String targetId) {
    if (caller.service()) {
      return;
    }
    if (actor == null || actor.role() != MemberRole.OWNER) {
      throw DugoutException.forbidden("only the room's owner appoints and dismisses admins");
    }
    if (caller.userId().equals(targetId)) {
      throw DugoutException.forbidden("the owner's own role cannot change");
    }
  }

  /**
   * The role an appointment ({@code admin}) or a dismissal gives the member.
   *
   * @throws DugoutException conflict for the owner, whose role never changes
   */
  static MemberRole appointedRole(Member target, boolean admin) {
    if (target.role() == MemberRole.OWNER) {
      throw DugoutException.conflict("the owner's role cannot change");
    }
    return admin ? MemberRole.ADMIN : MemberRole.MEMBER;
  }

  /** Whether the member moderates the room. */
  static boolean moderates(Member member) {
    return member != null
        && (member.role() == MemberRole.OWNER || member.role() == MemberRole.ADMIN);
  }

  /** Whether the member writes through a frozen room and slow mode. */
  static boolean exemptFromRoomRules(Member member) {
    return moderates(member);
  }

  private static void requireModerator(Member actor) {
    if (!moderates(actor)) {
      throw DugoutException.forbidden("only the room's owner and admins moderate it");
    }
  }
}
