package io.dugout.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small REST client for Dugout over real HTTP, as a product backend or a browser would call it:
 * JDK {@link HttpClient} in, Jackson tree out. Every call returns an {@link ApiResponse} that
 * remembers its request, so a test can write the exchange out as a documentation snippet.
 */
public final class DugoutClient {

  public static final String SERVICE_SCOPE = "dugout:service";
  static final JsonMapper JSON = JsonMapper.builder().build();

  private final URI base;
  private final HttpClient http;

  public DugoutClient(URI base) {
    this.base = base;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  public static DugoutClient onPort(int port) {
    return new DugoutClient(URI.create("http://127.0.0.1:" + port));
  }

  public URI base() {
    return base;
  }

  /** A try-it-out token for the user, from {@code POST /api/v1/dev/token}. */
  public String token(String userId) {
    return issue("{\"userId\":" + quote(userId) + "}");
  }

  /** A try-it-out service token ({@code scope: dugout:service}) acting as {@code userId}. */
  public String serviceToken(String userId) {
    return issue("{\"userId\":" + quote(userId) + ",\"scope\":\"" + SERVICE_SCOPE + "\"}");
  }

  private String issue(String body) {
    var response = post(null, "/api/v1/dev/token", body);
    if (response.status() != 200) {
      throw new IllegalStateException("dev token refused: " + response);
    }
    return response.json().get("token").asString();
  }

  public ApiResponse get(String token, String path) {
    return send("GET", token, path, null);
  }

  public ApiResponse post(String token, String path, String jsonBody) {
    return send("POST", token, path, jsonBody);
  }

  /** Posts {@code body} serialised as JSON (maps, lists, records). */
  public ApiResponse postJson(String token, String path, Object body) {
    return send("POST", token, path, JSON.writeValueAsString(body));
  }

  public ApiResponse delete(String token, String path) {
    return send("DELETE", token, path, null);
  }

  /** Sends a request; {@code token} null sends no Authorization header. */
  public ApiResponse send(String method, String token, String path, String jsonBody) {
    var request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (jsonBody != null) {
      request.header("Content-Type", "application/json");
    }
    request.method(
        method,
        jsonBody == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(jsonBody));
    return exchange(request.build(), method, path, jsonBody);
  }

  /** Sends a request built by the caller (odd headers, raw bodies). */
  public ApiResponse exchange(HttpRequest request, String method, String path, String body) {
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return new ApiResponse(method, path, body, response);
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + path + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** PUTs raw bytes to {@code url} (absolute, as an upload slot gives it) with no token. */
  public ApiResponse putBytes(String url, byte[] bytes) {
    var request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/octet-stream")
            .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
            .build();
    return exchange(request, "PUT", URI.create(url).getPath(), null);
  }

  /** Opens an upload slot in the room and PUTs {@code png} to it; returns the upload id. */
  public String uploadPng(String token, String roomId, String name, byte[] png) {
    var slot =
        postJson(
            token,
            "/api/v1/rooms/" + roomId + "/uploads",
            Map.of("name", name, "size", png.length, "type", "image/png"));
    var put = putBytes(slot.text("url"), png);
    if (put.status() != 200) {
      throw new IllegalStateException("could not upload: " + slot + " " + put);
    }
    return slot.text("uploadId");
  }

  /** A PNG image of the given size. */
  public static byte[] png(int width, int height) {
    try {
      var image =
          new java.awt.image.BufferedImage(
              width, height, java.awt.image.BufferedImage.TYPE_INT_RGB);
      var out = new java.io.ByteArrayOutputStream();
      javax.imageio.ImageIO.write(image, "png", out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sends a GET whose target goes on the wire exactly as given, broken percent-encoding and all,
   * which {@link HttpClient} refuses to build.
   */
  public ApiResponse rawGet(String token, String target) {
    var headers =
        token == null ? Map.<String, String>of() : Map.of("Authorization", "Bearer " + token);
    return new RawHttp(base.getPort()).send("GET", target, headers, null);
  }

  public HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
  }

  public static String quote(String s) {
    return JSON.writeValueAsString(s);
  }
}
