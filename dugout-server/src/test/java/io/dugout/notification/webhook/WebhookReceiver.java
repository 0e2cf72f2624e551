package io.dugout.notification.webhook;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real HTTP server on loopback that plays the product's backend: it records every webhook request
 * and answers as scripted per user (a few statuses, then 200; or one status forever), or holds
 * every request until released.
 */
public final class WebhookReceiver implements AutoCloseable {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One request as it arrived; header names are lower case. */
  public record Received(Map<String, String> headers, byte[] body, String userId) {

    String header(String name) {
      return headers.get(name.toLowerCase());
    }
  }

  private final HttpServer server;
  private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
  private final Queue<Received> received = new ConcurrentLinkedQueue<>();
  private final Map<String, Deque<Integer>> scripts = new ConcurrentHashMap<>();
  private final Map<String, Integer> forever = new ConcurrentHashMap<>();
  private final AtomicInteger held = new AtomicInteger();
  private volatile CountDownLatch gate;

  private WebhookReceiver() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(handlers);
    server.createContext("/hooks/notifications", this::handle);
    server.start();
  }

  public static WebhookReceiver start() {
    return new WebhookReceiver();
  }

  public URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/notifications");
  }

  /** Answers the user's next requests with these statuses, then 200. */
  public void answer(String userId, Integer... statuses) {
    scripts.put(userId, new ArrayDeque<>(List.of(statuses)));
  }

  /** Answers every request for the user with this status. */
  void alwaysAnswer(String userId, int status) {
    forever.put(userId, status);
  }

  /** Holds every request from now until {@link #release}. */
  void hold() {
    gate = new CountDownLatch(1);
  }

  void release() {
    CountDownLatch open = gate;
    gate = null;
    if (open != null) {
      open.countDown();
    }
  }

  /** How many requests are being held now. */
  int held() {
    return held.get();
  }

  public List<Received> of(String userId) {
    return received.stream().filter(r -> userId.equals(r.userId())).toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      var headers = new ConcurrentHashMap<String, String>();
      exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(), v.getFirst()));
      var json = JSON.readTree(body);
      // why: an event that is for no user (a report) is filed under its type
      var user = json.get("userId");
      String userId = user == null || user.isNull() ? json.get("type").asString() : user.asString();
      received.add(new Received(Map.copyOf(headers), body, userId));
      CountDownLatch wait = gate;
      if (wait != null) {
        held.incrementAndGet();
        try {
          wait.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          held.decrementAndGet();
        }
      }
      exchange.sendResponseHeaders(statusFor(userId), -1);
    }
  }

  private int statusFor(String userId) {
    Integer always = forever.get(userId);
    if (always != null) {
      return always;
    }
    Deque<Integer> script = scripts.get(userId);
    Integer next = script == null ? null : script.pollFirst();
    return next == null ? 200 : next;
  }

  @Override
  public void close() {
    release();
    server.stop(0);
    handlers.shutdownNow();
  }
}
