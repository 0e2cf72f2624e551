package io.dugout.room;

/** A member's role in a room. */
public enum MemberRole {
  OWNER,
  MEMBER,
  BUYER,
  SELLER
}
