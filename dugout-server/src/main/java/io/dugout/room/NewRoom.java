package io.dugout.room;

import java.util.List;

/** A request to create a room. */
public record NewRoom(RoomType type, String title, List<String> memberIds, TradeContext trade) {}
