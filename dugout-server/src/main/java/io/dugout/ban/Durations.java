package io.dugout.ban;

import io.dugout.system.DugoutException;
import java.time.Duration;
import java.time.format.DateTimeParseException;

/** How long a ban lasts, as a request gives it: an ISO-8601 duration such as {@code P7D}. */
public final class Durations {

  private Durations() {}

  /**
   * The positive duration {@code value} names.
   *
   * @throws DugoutException.Invalid naming {@code field} when it is not one
   */
  public static Duration parse(String field, String value) {
    try {
      var duration = Duration.parse(value);
      if (duration.isNegative() || duration.isZero()) {
        throw DugoutException.invalid(field, "must be a positive duration");
      }
      return duration;
    } catch (DateTimeParseException e) {
      throw DugoutException.invalid(field, "is not an ISO-8601 duration such as P7D or PT12H");
    }
  }
}
