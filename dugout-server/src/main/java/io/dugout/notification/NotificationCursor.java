package io.dugout.notification;

import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.time.Instant;

/**
 * A place in one user's notifications, which are ordered by {@code createdAt}, then id. Clients see
 * it as an opaque string ({@code nextBefore}) and hand it back as {@code before}.
 */
public record NotificationCursor(Instant createdAt, String id) {

  private static final long NANOS = 1_000_000_000L;

  public static NotificationCursor of(Notification notification) {
    return new NotificationCursor(notification.createdAt(), notification.id());
  }

  /** Parses what {@link #toString} wrote; 400 naming {@code field} for anything else. */
  public static NotificationCursor parse(String field, String value) {
    int at = value.indexOf('_');
    if (at <= 0) {
      throw DugoutException.invalid(field, "is not a cursor this server gave out");
    }
    try {
      long nanos = Long.parseLong(value.substring(0, at));
      if (nanos < 0) {
        throw DugoutException.invalid(field, "is not a cursor this server gave out");
      }
      String id = Ids.require(field, value.substring(at + 1), Ids.MAX_USER_ID_LENGTH);
      return new NotificationCursor(Instant.ofEpochSecond(0, nanos), id);
    } catch (NumberFormatException e) {
      throw DugoutException.invalid(field, "is not a cursor this server gave out");
    }
  }

  /** Nanoseconds since the epoch: a sort key that fits a long until the year 2262. */
  public static long epochNanos(Instant instant) {
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), NANOS), instant.getNano());
  }

  public long epochNanos() {
    return epochNanos(createdAt);
  }

  @Override
  public String toString() {
    return epochNanos() + "_" + id;
  }
}
