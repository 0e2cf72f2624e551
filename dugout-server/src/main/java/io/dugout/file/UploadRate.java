package io.dugout.file;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.UserRates;
import java.time.Clock;

/**
 * How many upload slots a user may open: {@code dugout.files.upload-rate} a minute sustained, up to
 * {@code upload-burst} at once; a token bucket per user, as the STOMP send rate keeps. Service
 * tokens are not limited. Exact on one node; in a cluster each node counts the slots opened on it
 * (so a user behind a load balancer that spreads requests gets up to that many times the rate).
 *
 * <p>The buckets are {@link UserRates}.
 */
final class UploadRate {

  private final double perMinute;
  private final UserRates rates;

  UploadRate(FileProperties properties, Clock clock) {
    this.perMinute = properties.uploadRate();
    this.rates = new UserRates(properties.uploadRate() / 60.0, properties.uploadBurst(), clock);
  }

  /**
   * Takes one slot from the caller's allowance.
   *
   * @throws DugoutException {@code rate_limited} (429) when there is none left now
   */
  void acquire(Caller caller) {
    if (caller.service() || rates.tryTake(caller.userId())) {
      return;
    }
    throw DugoutException.rateLimited(
        "too many uploads: at most "
            + Math.round(perMinute)
            + " a minute (dugout.files.upload-rate); try again in a few seconds");
  }
}
