package io.dugout.realtime;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real server on a random port with a fresh data directory, and REST helpers for setup. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class RealtimeTestBase {

  static final JsonMapper JSON = JsonMapper.builder().build();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @LocalServerPort int port;
  private final List<StompTestClient> clients = new ArrayList<>();

  @DynamicPropertySource
  static void dataDir(DynamicPropertyRegistry registry) throws Exception {
    Path dir = Files.createTempDirectory("dugout-realtime");
    registry.add("dugout.data-dir", dir::toString);
  }

  @AfterEach
  void closeClients() {
    clients.forEach(StompTestClient::close);
  }

  StompTestClient connect(String userId) {
    var client = StompTestClient.connect(port, token(userId));
    clients.add(client);
    return client;
  }

  StompTestClient open() {
    var client = StompTestClient.open(port);
    clients.add(client);
    return client;
  }

  String token(String userId) {
    return post(null, "/api/v1/dev/token", "{\"userId\":\"" + userId + "\"}").get("token").asString();
  }

  String serviceToken() {
    return post(null, "/api/v1/dev/token", "{\"userId\":\"backend\",\"scope\":\"dugout:service\"}").get("token").asString();
  }

  /** Creates a GROUP room owned by {@code owner} with the other members; returns its id. */
  String group(String owner, String... members) {
    var ids = new StringBuilder();
    for (String m : members) {
      ids.append(ids.isEmpty() ? "" : ",").append('"').append(m).append('"');
    }
    return post(token(owner), "/api/v1/rooms", "{\"type\":\"GROUP\",\"title\":\"t\",\"memberIds\":[" + ids + "]}")
        .get("id")
        .asString();
  }

  JsonNode post(String token, String path, String body) {
    return send(token, HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  JsonNode get(String token, String path) {
    return send(token, HttpRequest.newBuilder(uri(path)).GET());
  }

  void delete(String token, String path) {
    send(token, HttpRequest.newBuilder(uri(path)).DELETE());
  }

  private JsonNode send(String token, HttpRequest.Builder request) {
    request.header("Content-Type", "application/json");
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    try {
      var response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() >= 300) {
        throw new AssertionError(response.statusCode() + " " + response.body());
      }
      return response.body().isEmpty() ? null : JSON.readTree(response.body());
    } catch (java.io.IOException | InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  private URI uri(String path) {
    return URI.create("http://localhost:" + port + path);
  }

  static JsonNode json(StompTestClient.Frame frame) {
    return JSON.readTree(frame.body());
  }

  static String text(String clientMsgId, String content) {
    return "{\"clientMsgId\":\"" + clientMsgId + "\",\"kind\":\"TEXT\",\"content\":\"" + content + "\"}";
  }
}
