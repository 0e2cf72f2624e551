package io.dugout.moderation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The {@link SlowModeGate} of one node: each (room, user)'s next allowed moment in memory. Single
 * node only: a cluster shares its gate in Redis. At most {@link #MAX_KEPT} entries are kept; past
 * that, entries whose interval has ended are dropped first, then the gate lets the next sender
 * through unrecorded rather than grow (a member may then send early, as the port allows).
 */
public final class LocalSlowModeGate implements SlowModeGate {

  static final int MAX_KEPT = 200_000;

  private final Map<String, Long> nextAllowed = new ConcurrentHashMap<>();
  private final LongSupplier millis;

  public LocalSlowModeGate(LongSupplier millis) {
    this.millis = millis;
  }

  @Override
  public long tryPass(String roomId, String userId, long intervalMillis) {
    long now = millis.getAsLong();
    if (nextAllowed.size() >= MAX_KEPT) {
      nextAllowed.values().removeIf(at -> at <= now);
    }
    long[] wait = {0};
    String key = roomId + '/' + userId;
    nextAllowed.compute(
        key,
        (k, at) -> {
          if (at != null && at > now) {
            wait[0] = at - now;
            return at;
          }
          return nextAllowed.size() >= MAX_KEPT ? null : now + intervalMillis;
        });
    return wait[0];
  }
}
