package io.dugout.realtime;

/** {@link SendRateLimitContract} on one node's in-memory buckets, on the system clock. */
class LocalSendRateLimiterTests extends SendRateLimitContract {

  @Override
  protected SendRateLimit limiter(double messagesPerSecond, int messageBurst) {
    return new LocalSendRateLimiter(messagesPerSecond, messageBurst, System::nanoTime);
  }
}
