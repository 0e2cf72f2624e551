package io.dugout.report;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Reports of messages ({@code dugout.reports.*}).
 *
 * @param evidenceRetention how long a report keeps its evidence (the reported message as it was);
 *     then the evidence sweep removes it and the report stays without it
 * @param sweepInterval how often each node removes evidence past its retention
 * @param rate reports a user may file per hour, on each node; 0 for no limit
 * @param burst reports a user may file at once before {@code rate} paces them
 */
@ConfigurationProperties("dugout.reports")
public record ReportProperties(
    @DefaultValue("90d") Duration evidenceRetention,
    @DefaultValue("1h") Duration sweepInterval,
    @DefaultValue("30") int rate,
    @DefaultValue("10") int burst) {

  public ReportProperties {
    if (!evidenceRetention.isPositive() || !sweepInterval.isPositive()) {
      throw new IllegalArgumentException(
          "dugout.reports.evidence-retention and sweep-interval must be positive");
    }
    if (rate < 0 || burst < 1) {
      throw new IllegalArgumentException("dugout.reports.rate must be >= 0 and burst >= 1");
    }
  }
}
