package io.dugout.report;

import io.dugout.system.DugoutException;
import io.dugout.system.UserRates;
import java.time.Clock;

/**
 * How many reports a user may file: {@code dugout.reports.rate} an hour sustained, up to {@code
 * burst} at once; a token bucket per user. Exact on one node; in a cluster each node counts the
 * reports filed through it ({@link UserRates}).
 */
final class ReportRate {

  private final double perHour;
  private final UserRates rates;

  ReportRate(ReportProperties properties, Clock clock) {
    this.perHour = properties.rate();
    this.rates = new UserRates(properties.rate() / 3600.0, properties.burst(), clock);
  }

  /**
   * Takes one report from the user's allowance.
   *
   * @throws DugoutException {@code rate_limited} (429) when there is none left now
   */
  void acquire(String userId) {
    if (!rates.tryTake(userId)) {
      throw DugoutException.rateLimited(
          "too many reports: at most "
              + Math.round(perHour)
              + " an hour (dugout.reports.rate); try again later");
    }
  }
}
