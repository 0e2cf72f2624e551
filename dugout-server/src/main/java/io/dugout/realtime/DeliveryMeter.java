package io.dugout.realtime;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.noop.NoopCounter;
import io.micrometer.core.instrument.noop.NoopTimer;
import java.util.concurrent.TimeUnit;

/**
 * Counts MESSAGE frames as a session's writer puts them on the socket and samples how long live
 * messages took from being stored to being written. One call per socket write, not per frame: the
 * writer packs many frames into one write, and the oldest live one in it stands for the batch, so
 * the sample leans to the slow side and costs one clock read per write.
 */
record DeliveryMeter(Counter delivered, Timer latency) {

  /** For sessions made outside a server (tests of the queue alone). */
  static final DeliveryMeter NONE =
      new DeliveryMeter(
          new NoopCounter(new Meter.Id("none", null, null, null, Meter.Type.COUNTER)),
          new NoopTimer(new Meter.Id("none", null, null, null, Meter.Type.TIMER)));

  /**
   * Records one socket write of {@code frames} MESSAGE frames, the oldest live one stamped at
   * {@code storedAtNanos} ({@code 0}: none of them was live, e.g. a replay).
   */
  void written(int frames, long storedAtNanos) {
    if (frames > 0) {
      delivered.increment(frames);
    }
    if (storedAtNanos != 0) {
      latency.record(System.nanoTime() - storedAtNanos, TimeUnit.NANOSECONDS);
    }
  }
}
