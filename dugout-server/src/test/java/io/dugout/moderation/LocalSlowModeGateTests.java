package io.dugout.moderation;

import java.util.concurrent.atomic.AtomicLong;

/** {@link SlowModeGateContract} on one node's gate, on a test clock. */
class LocalSlowModeGateTests extends SlowModeGateContract {

  private final AtomicLong now = new AtomicLong(1_000_000);
  private final SlowModeGate gate = new LocalSlowModeGate(now::get);

  @Override
  protected SlowModeGate gate() {
    return gate;
  }

  @Override
  protected void pass(long millis) {
    now.addAndGet(millis);
  }
}
