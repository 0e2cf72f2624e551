package io.dugout.screen;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The before-send hook ({@code dugout.hooks.before-send.*}); off while {@code url} is unset. A url
 * without a secret of at least 16 characters, or a setting out of range, stops startup.
 *
 * @param url where each message and edit is posted before it gets a seq (http or https)
 * @param secret the HMAC-SHA256 key of the {@code Dugout-Signature} header, as for the webhook
 * @param timeout the longest a send waits for the answer, waiting for a free call included
 * @param failure what a send does when the hook does not answer in time, fails or answers something
 *     else than an action: {@code allow} it (fail-open, the default) or {@code reject} it with
 *     {@code unavailable} (fail-closed)
 * @param concurrency how many calls are in flight at most; a send that finds none free within the
 *     timeout counts as not answered
 */
@ConfigurationProperties("dugout.hooks.before-send")
public record BeforeSendHookProperties(
    URI url,
    String secret,
    @DefaultValue("300ms") Duration timeout,
    @DefaultValue("allow") Failure failure,
    @DefaultValue("64") int concurrency) {

  static final int MIN_SECRET_LENGTH = 16;

  /** What a send does when the hook gives no usable answer. */
  public enum Failure {
    ALLOW,
    REJECT
  }

  public BeforeSendHookProperties {
    if (url != null) {
      if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
        throw invalid("url must be an http or https URL, not " + url);
      }
      if (secret == null || secret.length() < MIN_SECRET_LENGTH) {
        throw invalid("secret must be set, at least " + MIN_SECRET_LENGTH + " characters");
      }
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw invalid("timeout must be positive");
    }
    if (concurrency < 1) {
      throw invalid("concurrency must be at least 1");
    }
  }

  private static IllegalArgumentException invalid(String problem) {
    return new IllegalArgumentException("dugout.hooks.before-send." + problem);
  }
}
