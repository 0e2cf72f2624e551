package io.dugout.loadtest.api;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A thin client for the REST API of one deployment. Thread-safe: one instance (and one pooled
 * HTTP/1.1 client) serves every virtual user.
 */
public final class DugoutApi {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final URI base;

  private final Duration timeout;

  private final HttpClient http;

  public DugoutApi(URI base, Duration timeout) {
    this.base = base;
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .build();
  }

  public URI base() {
    return base;
  }

  /** Fails with a clear message when nothing answers at the base URL or it reports itself DOWN. */
  public void checkReachable() {
    Response response =
        send(
            HttpRequest.newBuilder(base.resolve("/actuator/health"))
                .timeout(timeout)
                .GET()
                .build());
    if (response.status() == 503) {
      throw new TargetException(base + " answers but reports itself DOWN: " + response.text());
    }
  }

  String devToken(String userId, String scope) {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("userId", userId);
    if (scope != null) {
      body.put("scope", scope);
    }
    Response response = post(null, "/api/v1/dev/token", JSON.writeValueAsString(body));
    if (response.status() == 404 || response.status() == 405) {
      throw new TargetException(
          base
              + " has no try-it-out token endpoint (a JWT secret is configured): pass"
              + " --hmac-secret");
    }
    if (response.status() == 403) {
      throw new TargetException(
          base
              + " refused a try-it-out "
              + (scope == null ? "token" : "service token")
              + ": "
              + response.text()
              + "; start the server with --dugout.auth.try-it-out-service-tokens=true, or pass"
              + " --hmac-secret");
    }
    return expectOk(response, "getting a token for " + userId).path("token").asString();
  }

  /**
   * Creates a {@code GROUP} room with exactly these members (needs a service token); returns its
   * id.
   */
  public String createGroupRoom(String token, String title, List<String> memberIds) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", "GROUP");
    body.put("title", title);
    body.put("memberIds", memberIds);
    Response response = post(token, "/api/v1/rooms", JSON.writeValueAsString(body));
    return expectOk(response, "creating room " + title).path("id").asString();
  }

  /** Creates (or finds) the DIRECT room of two users (needs a service token); returns its id. */
  public String createDirectRoom(String token, List<String> memberIds) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", "DIRECT");
    body.put("memberIds", memberIds);
    Response response = post(token, "/api/v1/rooms", JSON.writeValueAsString(body));
    return expectOk(response, "creating a DIRECT room of " + memberIds).path("id").asString();
  }

  /**
   * Posts a TEXT message; with a service token {@code senderId} names the author. Returns its seq.
   */
  public long postMessage(
      String token, String roomId, String senderId, String clientMsgId, String content) {
    return postMessage(token, roomId, senderId, clientMsgId, content, 0);
  }

  /**
   * Posts a TEXT message that answers the message at {@code replyTo} (none when 0); with a service
   * token {@code senderId} names the author. Returns its seq.
   */
  public long postMessage(
      String token,
      String roomId,
      String senderId,
      String clientMsgId,
      String content,
      long replyTo) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("clientMsgId", clientMsgId);
    body.put("kind", "TEXT");
    body.put("content", content);
    if (senderId != null) {
      body.put("senderId", senderId);
    }
    if (replyTo > 0) {
      body.put("replyTo", replyTo);
    }
    Response response =
        post(token, "/api/v1/rooms/" + roomId + "/messages", JSON.writeValueAsString(body));
    return expectOk(response, "posting a message to room " + roomId).path("seq").asLong();
  }

  /** Adds the token's user's reaction with {@code emoji} to the message at {@code seq}. */
  public void react(String token, String roomId, long seq, String emoji, String clientMsgId) {
    String path =
        "/api/v1/rooms/"
            + roomId
            + "/messages/"
            + seq
            + "/reactions/"
            + URLEncoder.encode(emoji, StandardCharsets.UTF_8)
            + "?clientMsgId="
            + URLEncoder.encode(clientMsgId, StandardCharsets.UTF_8);
    Response response = send(request(token, path).PUT(HttpRequest.BodyPublishers.noBody()).build());
    expectOk(response, "reacting to message " + seq + " of room " + roomId);
  }

  public Response get(String token, String pathAndQuery) {
    return send(request(token, pathAndQuery).GET().build());
  }

  public Response post(String token, String path, String json) {
    return send(
        request(token, path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
            .build());
  }

  public Response put(String token, String path, String json) {
    return send(
        request(token, path)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
            .build());
  }

  /** Parses a successful response, or turns a failed one into a {@link TargetException}. */
  public static JsonNode expectOk(Response response, String what) {
    if (response.status() == 401) {
      throw new TargetException("token rejected (401) while " + what + ": " + response.text());
    }
    if (response.status() / 100 != 2) {
      throw new TargetException(
          what + " failed with HTTP " + response.status() + ": " + response.text());
    }
    return JSON.readTree(response.body());
  }

  private HttpRequest.Builder request(String token, String path) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout);
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder;
  }

  private Response send(HttpRequest request) {
    try {
      HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      return new Response(
          response.statusCode(),
          response.body(),
          response.headers().firstValue("Content-Type").orElse(null));
    } catch (ConnectException ex) {
      throw new TargetException("cannot reach " + base + ": connection refused", ex);
    } catch (HttpTimeoutException ex) {
      throw new RequestFailedException(
          request.method()
              + " "
              + request.uri().getPath()
              + " timed out after "
              + timeout.toMillis()
              + " ms",
          ex);
    } catch (IOException ex) {
      throw new RequestFailedException(
          request.method() + " " + request.uri().getPath() + " failed: " + ex, ex);
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new RequestFailedException("interrupted", ex);
    }
  }

  /** Status, raw body and {@code Content-Type} (null when there was none) of one HTTP exchange. */
  public record Response(int status, byte[] body, String contentType) {

    public String text() {
      String text = new String(body, StandardCharsets.UTF_8);
      return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
  }

  /**
   * One request failed in transport (timeout, reset); counts as an error, not as a fatal setup
   * failure.
   */
  public static final class RequestFailedException extends RuntimeException {

    RequestFailedException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
