package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * A user's rooms, most recent activity first, cursor-paged.
 *
 * <p>Activity order changes with every message, so it is computed when asked from one listing read
 * of the store (see {@link RoomStore#listingOf}) and sorted here. The cursor is the (activity, room
 * id) of the last room of a page; the next page starts strictly after it.
 */
@Component
class RoomList {

  static final int DEFAULT_PAGE = 20;
  static final int MAX_PAGE = 100;
  private static final Comparator<RoomView> NEWEST_ACTIVITY_FIRST =
      Comparator.comparing(RoomView::lastActivityAt).thenComparing(RoomView::id).reversed();

  private final RoomService rooms;

  RoomList(RoomService rooms) {
    this.rooms = rooms;
  }

  Page list(Caller caller, String forUser, Integer limit, String cursor) {
    String userId = userOf(caller, forUser);
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    Position after = cursor == null || cursor.isEmpty() ? null : Position.decode(cursor);
    List<RoomView> sorted =
        rooms.listItemsOf(userId).stream()
            .sorted(NEWEST_ACTIVITY_FIRST)
            .filter(view -> after == null || after.isBefore(view))
            .limit(size + 1L)
            .toList();
    if (sorted.size() <= size) {
      return new Page(sorted, null);
    }
    var page = sorted.subList(0, size);
    return new Page(page, Position.of(page.getLast()).encode());
  }

  private static String userOf(Caller caller, String forUser) {
    return caller.actingFor(forUser, "userId", "list the rooms");
  }

  /** A page of rooms and the cursor of the next page (null on the last page). */
  record Page(List<RoomView> rooms, String nextCursor) {}

  private record Position(Instant activity, String roomId) {

    static Position of(RoomView view) {
      return new Position(view.lastActivityAt(), view.id());
    }

    /** Whether {@code view} comes after this position in newest-activity-first order. */
    boolean isBefore(RoomView view) {
      int byTime = view.lastActivityAt().compareTo(activity);
      return byTime < 0 || (byTime == 0 && view.id().compareTo(roomId) < 0);
    }

    String encode() {
      String raw = activity + "|" + roomId;
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static Position decode(String cursor) {
      try {
        String raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        int bar = raw.indexOf('|');
        return new Position(Instant.parse(raw.substring(0, bar)), raw.substring(bar + 1));
      } catch (RuntimeException e) {
        throw DugoutException.invalid("cursor", "is not a cursor this server gave out");
      }
    }
  }
}
