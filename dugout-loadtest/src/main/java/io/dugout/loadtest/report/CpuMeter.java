package io.dugout.loadtest.report;

import java.lang.management.ManagementFactory;

/** This process's CPU time, so a report can tell when the generator itself was the limit. */
final class CpuMeter {

  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  /** CPU nanoseconds used by this process so far (all threads). */
  long processCpuNanos() {
    return os.getProcessCpuTime();
  }
}
