package io.dugout.push.fcm;

import io.dugout.push.Device;
import io.dugout.push.Push;
import io.dugout.push.PushOutcome;
import io.dugout.push.PushProvider;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link PushProvider} for FCM's HTTP v1 API: one POST to {@code
 * {api-url}/v1/projects/{project}/messages:send} per push, on one JDK {@link HttpClient} whose
 * connections every push reuses (HTTP/2 where the server speaks it).
 *
 * <p>How answers are classified: 200 is accepted; {@code UNREGISTERED} or {@code NOT_FOUND} (the
 * app was uninstalled, or the token expired) is a dead token; 429 and 5xx are retried, after the
 * {@code Retry-After} FCM gave; 401 fetches a new access token and is retried once the backoff is
 * over; any other answer (400 {@code INVALID_ARGUMENT}, 403 {@code SENDER_ID_MISMATCH}) fails for
 * good; no answer (refused, reset, timed out) is retried.
 */
final class FcmProvider implements PushProvider {

  private final HttpClient http;
  private final URI sendUri;
  private final Duration timeout;
  private final FcmAccessTokens tokens;
  private final FcmMessages messages;
  private final JsonMapper json;

  FcmProvider(
      URI apiUrl, String projectId, Duration timeout, FcmAccessTokens tokens, JsonMapper json) {
    this.http =
        HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_2).build();
    String base = apiUrl.toString().replaceAll("/+$", "");
    this.sendUri = URI.create(base + "/v1/projects/" + projectId + "/messages:send");
    this.timeout = timeout;
    this.tokens = tokens;
    this.messages = new FcmMessages(json);
    this.json = json;
  }

  @Override
  public Device.Platform platform() {
    return Device.Platform.FCM;
  }

  @Override
  public PushOutcome send(Push push) {
    String accessToken;
    try {
      accessToken = tokens.current();
    } catch (IOException | RuntimeException e) {
      return PushOutcome.retry("auth", "no access token from the token endpoint: " + e, null);
    }
    var request =
        HttpRequest.newBuilder(sendUri)
            .timeout(timeout)
            .header("Authorization", "Bearer " + accessToken)
            .header("Content-Type", "application/json; charset=UTF-8")
            .POST(HttpRequest.BodyPublishers.ofByteArray(messages.body(push)))
            .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (HttpTimeoutException e) {
      return PushOutcome.retry("timeout", "FCM did not answer within " + timeout, null);
    } catch (IOException e) {
      return PushOutcome.retry("connection", "FCM unreachable: " + e, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return PushOutcome.retry("connection", "interrupted", null);
    }
    return classify(response);
  }

  private PushOutcome classify(HttpResponse<String> response) {
    int status = response.statusCode();
    if (status == 200) {
      return PushOutcome.ACCEPTED;
    }
    String error = errorCode(response.body());
    String detail = "FCM HTTP " + status + (error == null ? "" : " " + error);
    if ("UNREGISTERED".equals(error) || "NOT_FOUND".equals(error) || status == 404) {
      return PushOutcome.deadToken("unregistered", detail);
    }
    if (status == 429 || status >= 500) {
      return PushOutcome.retry(
          status == 429 ? "http_429" : "http_5xx", detail, retryAfter(response));
    }
    if (status == 401) {
      try {
        tokens.refresh();
      } catch (IOException | RuntimeException e) {
        // why: the next attempt asks for a token again and reports it
      }
      return PushOutcome.retry("http_401", detail, null);
    }
    return PushOutcome.failed(error == null ? "http_4xx" : error.toLowerCase(), detail);
  }

  /** The most specific code of an FCM error body: the FcmError's errorCode, else its status. */
  private String errorCode(String body) {
    try {
      JsonNode error = json.readTree(body).path("error");
      for (JsonNode detail : error.path("details")) {
        if (detail.hasNonNull("errorCode")) {
          return detail.get("errorCode").asString();
        }
      }
      return error.hasNonNull("status") ? error.get("status").asString() : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** {@code Retry-After} in seconds; an HTTP date or nonsense counts as none. */
  private static Duration retryAfter(HttpResponse<?> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .map(
            value -> {
              try {
                return Duration.ofSeconds(Math.max(0, Long.parseLong(value.strip())));
              } catch (NumberFormatException e) {
                return null;
              }
            })
        .orElse(null);
  }

  @Override
  public void close() {
    http.close();
  }
}
