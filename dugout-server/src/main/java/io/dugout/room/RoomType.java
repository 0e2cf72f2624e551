package io.dugout.room;

/** What a room is for; decides who its members can be. */
public enum RoomType {
  /** Exactly two users; one room per pair. */
  DIRECT,
  /** A buyer and a seller about one item; one room per (item, buyer, seller). */
  TRADE,
  /** Any number of members with an optional title. */
  GROUP
}
