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
    String uniqueKey) {}
