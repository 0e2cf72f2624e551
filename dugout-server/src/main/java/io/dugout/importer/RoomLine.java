package io.dugout.importer;

import io.dugout.room.RoomType;
import java.time.Instant;

/**
 * {@code {"type":"room","id":"r-1","kind":"GROUP","title":"Friday team","createdAt":"..."}}: a
 * room.
 *
 * @param line where it is in the file
 * @param id the room's id, kept as it is (the REST paths and STOMP destinations use it)
 * @param kind DIRECT (exactly two members), TRADE (a buyer and the seller) or GROUP
 * @param title shown for the room; null for none
 * @param createdAt when the room was created
 * @param itemId a TRADE room's item; null for other rooms
 * @param sellerId a TRADE room's seller, one of its two members; null for other rooms
 */
public record RoomLine(
    long line,
    String id,
    RoomType kind,
    String title,
    Instant createdAt,
    String itemId,
    String sellerId)
    implements ImportLine {}
