package io.dugout.room;

import java.time.Instant;

/**
 * A room as stored. {@code uniqueKey} is set for rooms that must exist at most once (a DIRECT pair,
 * a TRADE triple) and is null for groups.
 */
public record Room(
    String id,
    RoomType type,
    String title,
    TradeContext trade,
    Instant createdAt,
    String uniqueKey) {

  /** The unique key of the DIRECT room of two users, whichever order they come in. */
  public static String directKey(String userA, String userB) {
    return userA.compareTo(userB) <= 0
        ? "DIRECT\0" + userA + "\0" + userB
        : "DIRECT\0" + userB + "\0" + userA;
  }

  /** The unique key of the TRADE room of a buyer and a seller about one item. */
  public static String tradeKey(String itemId, String buyerId, String sellerId) {
    return "TRADE\0" + itemId + "\0" + buyerId + "\0" + sellerId;
  }
}
