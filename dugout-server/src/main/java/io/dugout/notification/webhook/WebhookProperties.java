package io.dugout.notification.webhook;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The offline-delivery webhook ({@code dugout.notifications.webhook.*}); off while {@code url} is
 * unset. A url without a secret of at least 16 characters, or a setting out of range, stops
 * startup.
 *
 * @param url where each notification for a user with no open session is posted (http or https)
 * @param secret the HMAC-SHA256 key of the {@code Dugout-Signature} header
 * @param maxAttempts attempts per notification, the first included, before it is dead-lettered
 * @param initialBackoff the wait before the first retry; each further retry doubles it, with jitter
 * @param maxBackoff the longest wait between two attempts (also caps a {@code Retry-After})
 * @param timeout connect and response timeout of one attempt
 * @param queue how many notifications may wait for delivery or a retry; further ones are dropped
 *     (counted in {@code dugout.notifications.webhook.dropped})
 * @param concurrency how many requests are in flight to the receiver at most
 * @param deadLetters how many dead letters are kept, newest first (in memory)
 */
@ConfigurationProperties("dugout.notifications.webhook")
public record WebhookProperties(
    URI url,
    String secret,
    @DefaultValue("6") int maxAttempts,
    @DefaultValue("1s") Duration initialBackoff,
    @DefaultValue("5m") Duration maxBackoff,
    @DefaultValue("10s") Duration timeout,
    @DefaultValue("10000") int queue,
    @DefaultValue("4") int concurrency,
    @DefaultValue("1000") int deadLetters) {

  static final int MIN_SECRET_LENGTH = 16;

  public WebhookProperties {
    if (url != null) {
      if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
        throw invalid("url must be an http or https URL, not " + url);
      }
      if (secret == null || secret.length() < MIN_SECRET_LENGTH) {
        throw invalid("secret must be set, at least " + MIN_SECRET_LENGTH + " characters");
      }
    }
    if (maxAttempts < 1) {
      throw invalid("max-attempts must be at least 1");
    }
    if (!positive(initialBackoff)
        || !positive(maxBackoff)
        || initialBackoff.compareTo(maxBackoff) > 0) {
      throw invalid("initial-backoff and max-backoff must be positive, initial at most max");
    }
    if (!positive(timeout)) {
      throw invalid("timeout must be positive");
    }
    if (queue < 1 || concurrency < 1 || deadLetters < 1) {
      throw invalid("queue, concurrency and dead-letters must each be at least 1");
    }
  }

  /** Whether notifications are posted at all. */
  public boolean enabled() {
    return url != null;
  }

  private static boolean positive(Duration d) {
    return !d.isNegative() && !d.isZero();
  }

  private static IllegalArgumentException invalid(String problem) {
    return new IllegalArgumentException("dugout.notifications.webhook." + problem);
  }
}
