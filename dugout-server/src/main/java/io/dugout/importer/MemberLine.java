package io.dugout.importer;

import io.dugout.room.MemberRole;
import java.time.Instant;

/**
 * {@code {"type":"member","roomId":"r-1","userId":"u-7","role":"OWNER"}}: a user's membership.
 *
 * @param line where it is in the file
 * @param roomId the room, a room line of the same file or a room Dugout already holds
 * @param userId the member
 * @param role the member's role; null for the room kind's default (MEMBER, or BUYER / SELLER in a
 *     TRADE room)
 * @param joinedAt when the user joined; null for the room's creation time
 * @param lastReadId the id of the newest message the member has read; null when the member has read
 *     the whole imported history
 */
public record MemberLine(
    long line, String roomId, String userId, MemberRole role, Instant joinedAt, String lastReadId)
    implements ImportLine {}
