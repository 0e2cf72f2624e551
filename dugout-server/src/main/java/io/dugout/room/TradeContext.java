package io.dugout.room;

/** The item a trade room is about, and who sells it. */
public record TradeContext(String itemId, String sellerId) {}
