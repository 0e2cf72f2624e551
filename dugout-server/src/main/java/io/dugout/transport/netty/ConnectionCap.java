package io.dugout.transport.netty;

import io.netty.channel.Channel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Netty listener's cap on open connections: a connection accepted while the cap is reached is
 * refused (closed before it is read), so a flood of connections costs the server at most the cap's
 * worth of memory, and the clients already connected keep being served.
 */
final class ConnectionCap {

  private final int max;
  private final AtomicInteger open = new AtomicInteger();
  private final AtomicLong refused = new AtomicLong();

  ConnectionCap(int max) {
    this.max = max;
  }

  /**
   * Counts {@code channel} as open until it closes, or returns false and counts nothing when the
   * cap is reached; the caller then closes it.
   */
  boolean admit(Channel channel) {
    if (open.incrementAndGet() > max) {
      open.decrementAndGet();
      refused.incrementAndGet();
      return false;
    }
    channel.closeFuture().addListener(closed -> open.decrementAndGet());
    return true;
  }

  int open() {
    return open.get();
  }

  long refused() {
    return refused.get();
  }
}
