package io.dugout.notification.webhook;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;

/**
 * One signed POST of a delivery to the webhook, with the JDK's HTTP client. Blocks the calling
 * worker for at most the timeout (connect, then response); never follows a redirect.
 */
final class WebhookPoster implements AutoCloseable {

  static final String DELIVERY = "Dugout-Delivery";
  static final String ATTEMPT = "Dugout-Attempt";

  private final HttpClient http;
  private final URI url;
  private final Duration timeout;
  private final WebhookSignature signature;
  private final Clock clock;

  WebhookPoster(WebhookProperties properties, Clock clock) {
    this.url = properties.url();
    this.timeout = properties.timeout();
    this.signature = new WebhookSignature(properties.secret());
    this.clock = clock;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  Attempt post(Delivery delivery) throws InterruptedException {
    var request =
        HttpRequest.newBuilder(url)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("User-Agent", "Dugout-Webhook/1")
            .header(DELIVERY, delivery.id())
            .header(ATTEMPT, Integer.toString(delivery.attempts))
            .header(WebhookSignature.HEADER, signature.sign(delivery.body, clock.instant()))
            .POST(HttpRequest.BodyPublishers.ofByteArray(delivery.body))
            .build();
    try {
      var response = http.send(request, HttpResponse.BodyHandlers.discarding());
      int status = response.statusCode();
      if (status >= 200 && status < 300) {
        return Attempt.DELIVERED;
      }
      return Attempt.status(status, retryAfter(response));
    } catch (HttpTimeoutException e) {
      return Attempt.timeout(timeout);
    } catch (IOException e) {
      return Attempt.connection(e);
    }
  }

  /** A {@code Retry-After} in seconds; the HTTP-date form is ignored. */
  private static Duration retryAfter(HttpResponse<?> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .filter(v -> v.chars().allMatch(Character::isDigit) && v.length() <= 9 && !v.isEmpty())
        .map(v -> Duration.ofSeconds(Long.parseLong(v)))
        .orElse(null);
  }

  @Override
  public void close() {
    http.shutdownNow();
  }
}
