package io.dugout.push;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * FCM on loopback for tests: the OAuth2 token endpoint and the v1 send endpoint, answering each
 * token with scripted answers (429 with {@code Retry-After}, 500, {@code UNREGISTERED}) and 200
 * once the script is used up. Records every accepted message and the access tokens it was sent
 * with. Writes a service account key whose {@code token_uri} points here.
 */
public final class FakeFcm implements AutoCloseable {

  public static final String PROJECT = "dugout-test";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** A message FCM accepted, and when. */
  public record Acceptance(JsonNode message, Instant at) {}

  /** A scripted answer. */
  public record Answer(int status, String body, String retryAfter) {

    public static Answer throttled(int retryAfterSeconds) {
      return new Answer(
          429, error(429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED"), "" + retryAfterSeconds);
    }

    public static Answer serverError() {
      return new Answer(500, error(500, "INTERNAL", "INTERNAL"), null);
    }

    public static Answer unregistered() {
      return new Answer(404, error(404, "NOT_FOUND", "UNREGISTERED"), null);
    }

    public static Answer invalidArgument() {
      return new Answer(400, error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT"), null);
    }

    private static String error(int code, String status, String errorCode) {
      return "{\"error\":{\"code\":"
          + code
          + ",\"status\":\""
          + status
          + "\",\"details\":[{\"@type\":\"type.googleapis.com/google.firebase.fcm.v1.FcmError\","
          + "\"errorCode\":\""
          + errorCode
          + "\"}]}}";
    }
  }

  private final HttpServer server;
  private final Map<String, Queue<Answer>> scripts = new ConcurrentHashMap<>();
  private final List<JsonNode> refused = new CopyOnWriteArrayList<>();
  // why: a queue, not a copy-on-write list, so that a benchmark's many pushes cost no copying
  private final Queue<Acceptance> acceptances = new ConcurrentLinkedQueue<>();
  private volatile boolean refusing;
  private final AtomicInteger attempts = new AtomicInteger();
  private final AtomicInteger tokensIssued = new AtomicInteger();

  public FakeFcm() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/token", this::token);
    server.createContext("/v1/projects/" + PROJECT + "/messages:send", this::send);
    server.start();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Answers the next sends to {@code token} with {@code answers}, in order. */
  public void script(String token, Answer... answers) {
    scripts.computeIfAbsent(token, t -> new ArrayDeque<>()).addAll(List.of(answers));
  }

  /**
   * While on, answers every send with a 500 (after any scripted answer), as an FCM outage would;
   * the messages so refused are recorded.
   */
  public void refuse(boolean on) {
    refusing = on;
  }

  /** The messages refused while {@link #refuse refusing}, oldest first. */
  public List<JsonNode> refused() {
    return List.copyOf(refused);
  }

  /** The messages FCM accepted, oldest first ({@code message} objects of the send bodies). */
  public List<JsonNode> accepted() {
    return acceptances.stream().map(Acceptance::message).toList();
  }

  /** Every accepted message with the instant it was accepted, oldest first. */
  public List<Acceptance> acceptances() {
    return List.copyOf(acceptances);
  }

  public List<JsonNode> acceptedFor(String token) {
    return accepted().stream().filter(m -> m.get("token").asString().equals(token)).toList();
  }

  public int attempts() {
    return attempts.get();
  }

  public int tokensIssued() {
    return tokensIssued.get();
  }

  /** A fresh service account key whose token_uri is this server's, written to {@code dir}. */
  public Path serviceAccount(Path dir) throws Exception {
    var generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    byte[] pkcs8 = generator.generateKeyPair().getPrivate().getEncoded();
    String pem =
        "-----BEGIN PRIVATE KEY-----\n"
            + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(pkcs8)
            + "\n-----END PRIVATE KEY-----\n";
    var account =
        Map.of(
            "type",
            "service_account",
            "project_id",
            PROJECT,
            "private_key_id",
            "test-key",
            "private_key",
            pem,
            "client_email",
            "push@" + PROJECT + ".iam.gserviceaccount.com",
            "client_id",
            "1",
            "token_uri",
            url() + "/token");
    Path file = dir.resolve("fcm-service-account.json");
    Files.writeString(file, JSON.writeValueAsString(account));
    return file;
  }

  private void token(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    int n = tokensIssued.incrementAndGet();
    respond(
        exchange,
        200,
        "{\"access_token\":\"access-" + n + "\",\"expires_in\":3600,\"token_type\":\"Bearer\"}",
        null);
  }

  private void send(HttpExchange exchange) throws IOException {
    attempts.incrementAndGet();
    JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
    String auth = exchange.getRequestHeaders().getFirst("Authorization");
    if (auth == null || !auth.startsWith("Bearer access-")) {
      respond(exchange, 401, "{\"error\":{\"code\":401,\"status\":\"UNAUTHENTICATED\"}}", null);
      return;
    }
    JsonNode message = body.get("message");
    Queue<Answer> script = scripts.get(message.get("token").asString());
    Answer answer = script == null ? null : script.poll();
    if (answer != null) {
      respond(exchange, answer.status(), answer.body(), answer.retryAfter());
      return;
    }
    if (refusing) {
      refused.add(message);
      Answer error = Answer.serverError();
      respond(exchange, error.status(), error.body(), null);
      return;
    }
    acceptances.add(new Acceptance(message, Instant.now()));
    respond(exchange, 200, "{\"name\":\"projects/" + PROJECT + "/messages/1\"}", null);
  }

  private static void respond(HttpExchange exchange, int status, String body, String retryAfter)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    if (retryAfter != null) {
      exchange.getResponseHeaders().set("Retry-After", retryAfter);
    }
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
