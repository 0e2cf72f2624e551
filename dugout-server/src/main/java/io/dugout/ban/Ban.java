package io.dugout.ban;

import java.time.Instant;
import java.util.Objects;

/**
 * {@code userId} is banned from the deployment since {@code bannedAt}, until {@code until} (null:
 * until unbanned), by {@code bannedBy} for {@code reason} (null when none was given).
 */
public record Ban(String userId, String reason, String bannedBy, Instant bannedAt, Instant until) {

  public Ban {
    Objects.requireNonNull(userId, "userId");
    Objects.requireNonNull(bannedBy, "bannedBy");
    Objects.requireNonNull(bannedAt, "bannedAt");
  }

  /** Whether the ban is in force at {@code now}: it has no end, or ends after now. */
  public boolean inForceAt(Instant now) {
    return until == null || until.isAfter(now);
  }
}
