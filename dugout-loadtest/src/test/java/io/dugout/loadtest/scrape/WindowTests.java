package io.dugout.loadtest.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WindowTests {

  private static Scrape at(double seconds, long deliveries, long fast, long slow) {
    String text =
        """
        # HELP dugout_realtime_deliveries_total MESSAGE frames written
        # TYPE dugout_realtime_deliveries_total counter
        dugout_realtime_deliveries_total %d
        dugout_realtime_delivery_latency_seconds_bucket{le="0.001"} %d
        dugout_realtime_delivery_latency_seconds_bucket{le="0.01"} %d
        dugout_realtime_delivery_latency_seconds_bucket{le="+Inf"} %d
        process_cpu_usage{app="a,b}"} 0.25
        system_cpu_count 2.0
        """
            .formatted(deliveries, fast, fast + slow, fast + slow);
    return Scrape.parse(text, (long) (seconds * 1e9));
  }

  @Test
  void ratesComeFromCounterDeltasOverTheWindow() {
    var window = new Window(at(10, 1_000, 0, 0), at(12, 3_000, 0, 0));
    assertThat(window.rate(Window.DELIVERIES)).isEqualTo(1_000.0);
  }

  @Test
  void quantilesInterpolateInsideTheBucketOfTheWindowsOwnSamples() {
    // before: 100 fast; during the window: 50 fast and 50 slow (1-10 ms)
    var window = new Window(at(0, 0, 100, 0), at(1, 0, 150, 50));
    assertThat(window.quantileMs(Window.DELIVERY_LATENCY, 0.5)).isCloseTo(1.0, within(1e-9));
    assertThat(window.quantileMs(Window.DELIVERY_LATENCY, 0.99)).isCloseTo(9.82, within(1e-9));
  }

  @Test
  void cpuIsTheProcessShareTimesTheCoresAndQuotedLabelsDoNotConfuseTheParser() {
    var window = new Window(at(0, 0, 0, 0), at(1, 0, 0, 0));
    assertThat(window.cpuCores()).isEqualTo(0.5);
  }

  @Test
  void aHistogramWithoutSamplesInTheWindowHasNoQuantile() {
    var window = new Window(at(0, 0, 5, 5), at(1, 0, 5, 5));
    assertThat(window.quantileMs(Window.DELIVERY_LATENCY, 0.99)).isNaN();
  }
}
