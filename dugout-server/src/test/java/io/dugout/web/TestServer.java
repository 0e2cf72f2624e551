package io.dugout.web;

import io.dugout.DugoutApplication;
import io.dugout.api.Jwts;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real Dugout node in this JVM on a fixed port and data directory, so it can be stopped and
 * started again in place: a browser that was connected sees a server restart, not a new server. No
 * JWT secret is configured, so try-it-out tokens work (from loopback).
 */
final class TestServer implements AutoCloseable {

  private static final Pattern TOKEN = Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"");

  private final Path dataDir;
  private final int port;
  private final HttpClient http = HttpClient.newHttpClient();
  private ConfigurableApplicationContext context;

  TestServer(Path dataDir) throws IOException {
    this.dataDir = dataDir;
    try (var socket = new ServerSocket(0)) {
      this.port = socket.getLocalPort();
    }
  }

  TestServer start() {
    context =
        new SpringApplicationBuilder(DugoutApplication.class)
            .run(
                "--server.port=" + port,
                "--dugout.data-dir=" + dataDir,
                "--server.shutdown=immediate",
                // why: tests send notifications as the product's backend does
                "--dugout.auth.try-it-out-service-tokens=true",
                // Selenium warns that it has no DevTools classes for this Chromium: we need none
                "--logging.level.org.openqa.selenium=ERROR");
    return this;
  }

  void stop() {
    if (context != null) {
      context.close();
      context = null;
    }
  }

  String url() {
    return "http://localhost:" + port + "/";
  }

  /** A try-it-out token, as the page gets one. */
  String token(String userId) throws Exception {
    var body = post("/api/v1/dev/token", null, "{\"userId\":\"" + userId + "\"}");
    Matcher m = TOKEN.matcher(body);
    if (!m.find()) throw new IllegalStateException("no token in " + body);
    return m.group(1);
  }

  /** A token for {@code userId} signed with this server's try-it-out key, expiring then. */
  String token(String userId, Instant expiresAt) {
    return Jwts.hs256(Jwts.devSecret(dataDir), userId, null, expiresAt);
  }

  /** A try-it-out service token, as the product's backend would hold one. */
  String serviceToken(String userId) throws Exception {
    var body =
        post(
            "/api/v1/dev/token",
            null,
            "{\"userId\":\"" + userId + "\",\"scope\":\"dugout:service\"}");
    Matcher m = TOKEN.matcher(body);
    if (!m.find()) throw new IllegalStateException("no token in " + body);
    return m.group(1);
  }

  /** POSTs JSON as the holder of {@code token}; returns the body, failing on a non-2xx status. */
  String post(String path, String token, String json) throws Exception {
    return send(
        HttpRequest.newBuilder(URI.create(url() + path.substring(1)))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)),
        token);
  }

  String get(String path, String token) throws Exception {
    return send(HttpRequest.newBuilder(URI.create(url() + path.substring(1))).GET(), token);
  }

  private String send(HttpRequest.Builder request, String token) throws Exception {
    if (token != null) request.header("Authorization", "Bearer " + token);
    var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          request.build().uri() + " → " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  @Override
  public void close() {
    stop();
  }
}
