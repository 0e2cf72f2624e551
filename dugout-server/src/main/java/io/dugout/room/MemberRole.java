package io.dugout.room;

/**
 * A member's role in a room. In a GROUP room the {@code OWNER} (its creator) and the {@code ADMIN}s
 * the owner appoints moderate the room; what each may do is decided in {@code
 * io.dugout.moderation.ModerationRights}.
 */
public enum MemberRole {
  OWNER,
  ADMIN,
  MEMBER,
  BUYER,
  SELLER
}
