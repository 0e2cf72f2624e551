package io.dugout.push;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter, as the offline webhook's: after the n-th failed attempt the wait
 * is drawn evenly from [d/2, d], d = min(max, initial × 2^(n-1)), so a provider that comes back is
 * not hit by every retry at once. A {@code Retry-After} longer than that is honoured, up to max.
 */
record PushBackoff(Duration initial, Duration max) {

  Duration after(int attempts, Duration retryAfter) {
    long cap = max.toNanos();
    int doublings = Math.min(attempts - 1, 62);
    long d = initial.toNanos() > (cap >> doublings) ? cap : initial.toNanos() << doublings;
    long half = d / 2;
    long wait = half + ThreadLocalRandom.current().nextLong(d - half + 1);
    if (retryAfter != null) {
      wait = Math.max(wait, Math.min(retryAfter.toNanos(), cap));
    }
    return Duration.ofNanos(wait);
  }
}
