package io.dugout.loadtest.api;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The three HTTP exchanges of a file in Dugout (docs/protocol.md, "Files"): an upload slot, the
 * bytes to the slot's signed URL, and a member's download. Thread-safe: one instance (and one
 * pooled HTTP/1.1 client) serves every virtual client.
 *
 * <p>A download that answers with a redirect is followed once, to where it points, without the
 * Dugout token: a pre-signed URL is its own permission, and a store must never see the token.
 */
public final class FileTransfer {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Headers the JDK client sets itself and refuses to be given. */
  private static final Set<String> RESTRICTED =
      Set.of("content-length", "host", "connection", "expect", "upgrade");

  private static final List<Integer> REDIRECTS = List.of(301, 302, 303, 307, 308);

  private final Duration timeout;

  private final HttpClient http;

  public FileTransfer(Duration timeout) {
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** An open upload slot: where and how to send the bytes. */
  public record Slot(String uploadId, URI url, String method, Map<String, String> headers) {}

  /** An answer: its status, and the slot or the body's length when it succeeded. */
  public record Answer<T>(int status, T value, String error) {

    public boolean ok() {
      return status / 100 == 2 && value != null;
    }
  }

  /** {@code POST {base}/api/v1/rooms/{roomId}/uploads}: a slot for {@code size} bytes. */
  public Answer<Slot> openSlot(
      URI base, String token, String roomId, String name, long size, String type) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("name", name);
    body.put("size", size);
    body.put("type", type);
    HttpResponse<byte[]> response =
        send(
            HttpRequest.newBuilder(base.resolve("/api/v1/rooms/" + roomId + "/uploads"))
                .timeout(timeout)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build());
    if (response.statusCode() != 201) {
      return failed(response);
    }
    JsonNode slot = JSON.readTree(response.body());
    Map<String, String> headers = new LinkedHashMap<>();
    slot.path("headers")
        .properties()
        .forEach(e -> headers.put(e.getKey(), e.getValue().asString()));
    return new Answer<>(
        response.statusCode(),
        new Slot(
            slot.path("uploadId").asString(),
            base.resolve(slot.path("url").asString()),
            slot.path("method").asString("PUT"),
            headers),
        null);
  }

  /** Sends the bytes to the slot's URL as it says, with no token; the value is the stored size. */
  public Answer<Long> upload(Slot slot, byte[] bytes) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(slot.url())
            .timeout(timeout)
            .method(slot.method(), HttpRequest.BodyPublishers.ofByteArray(bytes));
    slot.headers()
        .forEach(
            (name, value) -> {
              if (!RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) {
                request.header(name, value);
              }
            });
    HttpResponse<byte[]> response = send(request.build());
    if (response.statusCode() / 100 != 2) {
      return failed(response);
    }
    JsonNode stored = JSON.readTree(response.body());
    return new Answer<>(response.statusCode(), stored.path("size").asLong(bytes.length), null);
  }

  /**
   * {@code GET} of a file's path with the token; a redirect is followed once, without it. The value
   * is the number of bytes received.
   */
  public Answer<Long> download(URI base, String token, String path) {
    HttpResponse<byte[]> response =
        send(
            HttpRequest.newBuilder(base.resolve(path))
                .timeout(timeout)
                .header("Authorization", "Bearer " + token)
                .GET()
                .build());
    if (REDIRECTS.contains(response.statusCode())) {
      String location = response.headers().firstValue("Location").orElse(null);
      if (location == null) {
        return new Answer<>(response.statusCode(), null, "redirect without Location");
      }
      // why: the signed URL is the permission; the Dugout token stays with Dugout
      response =
          send(
              HttpRequest.newBuilder(response.uri().resolve(location))
                  .timeout(timeout)
                  .GET()
                  .build());
    }
    if (response.statusCode() != 200) {
      return failed(response);
    }
    return new Answer<>(200, (long) response.body().length, null);
  }

  private static <T> Answer<T> failed(HttpResponse<byte[]> response) {
    String text = new String(response.body(), StandardCharsets.UTF_8);
    return new Answer<>(
        response.statusCode(), null, text.length() > 200 ? text.substring(0, 200) : text);
  }

  private HttpResponse<byte[]> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (java.net.ConnectException ex) {
      throw new TargetException("cannot reach " + request.uri() + ": connection refused", ex);
    } catch (HttpTimeoutException ex) {
      throw new DugoutApi.RequestFailedException(
          request.method() + " timed out after " + timeout.toMillis() + " ms", ex);
    } catch (IOException ex) {
      throw new DugoutApi.RequestFailedException(request.method() + " failed: " + ex, ex);
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new DugoutApi.RequestFailedException("interrupted", ex);
    }
  }
}
