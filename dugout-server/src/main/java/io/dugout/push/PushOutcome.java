package io.dugout.push;

import java.time.Duration;

/**
 * What a provider answered to one push.
 *
 * @param reason a short, lower-case tag for the meters ({@code unregistered}, {@code http_429},
 *     {@code connection}, …); null when accepted
 * @param detail what an operator reads in a dead letter; null when accepted
 * @param retryAfter how long the provider asked to wait ({@code Retry-After}); null when it did not
 */
public record PushOutcome(Result result, String reason, String detail, Duration retryAfter) {

  /** How a push ended, as far as the provider is concerned. */
  public enum Result {
    /** The provider took it. */
    ACCEPTED,
    /** The provider says the token will never work again: remove the device. */
    DEAD_TOKEN,
    /** Worth another try later: throttled, a server error, or the provider was unreachable. */
    RETRY,
    /** Refused for good for another reason (a bad topic, a payload too large, bad credentials). */
    FAILED
  }

  public static final PushOutcome ACCEPTED = new PushOutcome(Result.ACCEPTED, null, null, null);

  public static PushOutcome deadToken(String reason, String detail) {
    return new PushOutcome(Result.DEAD_TOKEN, reason, detail, null);
  }

  public static PushOutcome retry(String reason, String detail, Duration retryAfter) {
    return new PushOutcome(Result.RETRY, reason, detail, retryAfter);
  }

  public static PushOutcome failed(String reason, String detail) {
    return new PushOutcome(Result.FAILED, reason, detail, null);
  }
}
