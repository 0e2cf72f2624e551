package io.dugout.report;

import com.fasterxml.jackson.annotation.JsonValue;
import io.dugout.system.DugoutException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Why a member reports a message: the documented list, written in lower case on the wire. */
public enum ReportReason {
  SPAM,
  SCAM,
  HARASSMENT,
  HATE,
  SEXUAL,
  VIOLENCE,
  OTHER;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The reason a request names.
   *
   * @throws DugoutException.Invalid on {@code reason} for anything else
   */
  static ReportReason of(String value) {
    for (ReportReason reason : values()) {
      if (reason.wire().equals(value)) {
        return reason;
      }
    }
    throw DugoutException.invalid(
        "reason",
        "must be one of "
            + Arrays.stream(values()).map(ReportReason::wire).collect(Collectors.joining(", ")));
  }
}
