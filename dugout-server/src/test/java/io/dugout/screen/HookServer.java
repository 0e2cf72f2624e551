package io.dugout.screen;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real HTTP server on loopback that plays the product's backend behind the before-send hook. It
 * records every call and answers by the first word of the message's content: {@code reject}, {@code
 * rewrite} (replaced by {@link #REWRITTEN}), {@code blank} (replaced by empty content), {@code
 * slow} (allows after {@link #SLOW}), {@code fail} (500), {@code garbage} (200 with a body that is
 * no answer); anything else is allowed.
 */
final class HookServer implements AutoCloseable {

  static final String REASON = "no phone numbers, please";
  static final String REWRITTEN = "[removed by the shop]";
  static final Duration SLOW = Duration.ofMillis(1500);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One call as it arrived; header names are lower case. */
  record Call(Map<String, String> headers, byte[] body, JsonNode json) {

    String header(String name) {
      return headers.get(name.toLowerCase());
    }

    String clientMsgId() {
      return json.get("message").get("clientMsgId").asString();
    }
  }

  private final HttpServer server;
  private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
  private final Queue<Call> calls = new ConcurrentLinkedQueue<>();

  private HookServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(handlers);
    server.createContext("/hooks/before-send", this::handle);
    server.start();
  }

  static HookServer start() {
    return new HookServer();
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/before-send");
  }

  /** The calls about messages (or edits) of the sender with this clientMsgId. */
  List<Call> callsFor(String senderId, String clientMsgId) {
    return calls.stream()
        .filter(c -> c.json().get("sender").get("id").asString().equals(senderId))
        .filter(c -> c.clientMsgId().equals(clientMsgId))
        .toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      var headers = new ConcurrentHashMap<String, String>();
      exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(), v.getFirst()));
      JsonNode json = JSON.readTree(body);
      calls.add(new Call(Map.copyOf(headers), body, json));
      String content = json.get("message").get("content").asString();
      String word = content.split(" ", 2)[0];
      switch (word) {
        case "slow" -> {
          sleep();
          answer(exchange, 200, "{\"action\":\"allow\"}");
        }
        case "fail" -> answer(exchange, 500, "{\"action\":\"allow\"}");
        case "garbage" -> answer(exchange, 200, "<html>ok</html>");
        case "reject" ->
            answer(exchange, 200, "{\"action\":\"reject\",\"reason\":\"" + REASON + "\"}");
        case "rewrite" ->
            answer(exchange, 200, "{\"action\":\"replace\",\"content\":\"" + REWRITTEN + "\"}");
        case "blank" -> answer(exchange, 200, "{\"action\":\"replace\",\"content\":\"\"}");
        default -> answer(exchange, 200, "{\"action\":\"allow\"}");
      }
    }
  }

  private static void sleep() {
    try {
      Thread.sleep(SLOW);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void answer(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    try {
      exchange.sendResponseHeaders(status, bytes.length);
      exchange.getResponseBody().write(bytes);
    } catch (IOException e) {
      // why: Dugout hung up on a slow answer, as it should
    }
  }

  @Override
  public void close() {
    server.stop(0);
    handlers.shutdownNow();
  }
}
