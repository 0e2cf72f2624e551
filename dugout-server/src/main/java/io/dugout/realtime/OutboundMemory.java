package io.dugout.realtime;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.LongAdder;

/**
 * The outbound bytes of every session of the node together, against one budget ({@code
 * dugout.realtime.max-outbound-bytes}). Each session's own budget bounds what one slow client
 * holds; this bounds what many hold at once, so that a thousand clients that stop reading cost the
 * node a known amount of memory instead of all of it (on the Netty listener the frames they hold
 * are direct memory, whose exhaustion fails every connection's writes, not only theirs).
 *
 * <p>When the node is over its budget, a session that queues a frame while it holds more than
 * {@link #backlogToCheck} bytes is closed as a slow consumer; a client that keeps up holds less and
 * goes on receiving. Closed clients resume from their last seq as after any disconnect, so nothing
 * is lost.
 *
 * <p>The count is kept by every session adding and taking back its own bytes; a path that drops
 * frames without counting them (a write that fails mid-batch) is corrected once a second by {@link
 * #recount} from the sessions' own counts.
 */
final class OutboundMemory {

  /** The backlog above which a session counts as not keeping up when the node is over budget. */
  static final long BACKLOG_TO_CHECK = 64 * 1024;

  /** No node-wide budget: only each session's own. */
  static final OutboundMemory UNBOUNDED = new OutboundMemory(Long.MAX_VALUE, Long.MAX_VALUE);

  private final long budget;
  private final long backlogToCheck;
  private final LongAdder queued = new LongAdder();

  OutboundMemory(long budget, long backlogToCheck) {
    this.budget = budget;
    this.backlogToCheck = backlogToCheck;
  }

  /**
   * The budget {@code dugout.realtime.max-outbound-bytes} names, or when it is 0 half of the direct
   * memory the JVM allows, which is what runs out first on the Netty listener.
   */
  static OutboundMemory of(long maxOutboundBytes) {
    long budget = maxOutboundBytes > 0 ? maxOutboundBytes : Math.max(maxDirectMemory() / 2, 1);
    return new OutboundMemory(budget, BACKLOG_TO_CHECK);
  }

  /** {@code -XX:MaxDirectMemorySize}, whose default is the maximum heap. */
  static long maxDirectMemory() {
    try {
      var vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      long set = Long.parseLong(vm.getVMOption("MaxDirectMemorySize").getValue());
      if (set > 0) {
        return set;
      }
    } catch (RuntimeException e) {
      // why: a JVM without the HotSpot option has the same default
    }
    return Runtime.getRuntime().maxMemory();
  }

  void add(long bytes) {
    queued.add(bytes);
  }

  /** Whether a session holding {@code backlog} bytes must be closed to keep the node's budget. */
  boolean tooMuch(long backlog) {
    return backlog > backlogToCheck && queued.sum() > budget;
  }

  /** Sets the count to {@code exact}, the sum of the open sessions' own counts. */
  void recount(long exact) {
    queued.add(exact - queued.sum());
  }

  long queued() {
    return queued.sum();
  }

  long budget() {
    return budget;
  }
}
