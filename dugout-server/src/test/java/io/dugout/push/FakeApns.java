package io.dugout.push;

import com.eatthepath.pushy.apns.server.MockApnsServer;
import com.eatthepath.pushy.apns.server.MockApnsServerBuilder;
import com.eatthepath.pushy.apns.server.PushNotificationHandler;
import com.eatthepath.pushy.apns.server.RejectedNotificationException;
import com.eatthepath.pushy.apns.server.RejectionReason;
import com.eatthepath.pushy.apns.server.UnregisteredDeviceTokenException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * APNs on loopback for tests: Pushy's {@link MockApnsServer} with a handler that accepts good
 * tokens, answers 410 {@code Unregistered} for expired ones and 400 {@code BadDeviceToken} for bad
 * ones, and records what it accepted (headers and payload) and whether it carried a provider token.
 */
public final class FakeApns implements AutoCloseable {

  public static final String TOPIC = "com.example.chat";
  public static final String TEAM_ID = "TEAM123456";
  public static final String KEY_ID = "KEY1234567";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One push APNs accepted, and when. */
  public record Accepted(
      String token, String topic, String collapseId, JsonNode payload, Instant at) {}

  private final MockApnsServer server;
  private final int port;
  private final Set<String> expired = ConcurrentHashMap.newKeySet();
  private final Set<String> bad = ConcurrentHashMap.newKeySet();
  private final Map<String, Integer> throttled = new ConcurrentHashMap<>();
  private final List<Accepted> accepted = new CopyOnWriteArrayList<>();

  public FakeApns() throws Exception {
    try (InputStream cert = resource("apns-server.pem");
        InputStream key = resource("apns-server-key.pem")) {
      server =
          new MockApnsServerBuilder()
              .setServerCredentials(cert, key, null)
              .setHandlerFactory(session -> handler())
              .build();
    }
    port = server.start(0).get();
  }

  private static InputStream resource(String name) {
    return FakeApns.class.getResourceAsStream("/push/" + name);
  }

  public int port() {
    return port;
  }

  public void expire(String token) {
    expired.add(token);
  }

  public void reject(String token) {
    bad.add(token);
  }

  /** Answers the next {@code times} pushes to {@code token} with 429. */
  public void throttle(String token, int times) {
    throttled.put(token, times);
  }

  public List<Accepted> accepted() {
    return List.copyOf(accepted);
  }

  public List<Accepted> acceptedFor(String token) {
    return accepted.stream().filter(a -> a.token().equals(token)).toList();
  }

  /** The PEM of the server's certificate, for the client to trust. */
  public static Path trustedCertificates(Path dir) throws Exception {
    Path file = dir.resolve("apns-server.pem");
    try (InputStream in = resource("apns-server.pem")) {
      Files.write(file, in.readAllBytes());
    }
    return file;
  }

  /** The test's .p8 signing key. */
  public static Path signingKey(Path dir) throws Exception {
    Path file = dir.resolve("apns-signing-key.p8");
    try (InputStream in = resource("apns-signing-key.p8")) {
      Files.write(file, in.readAllBytes());
    }
    return file;
  }

  private PushNotificationHandler handler() {
    return (headers, payload) -> {
      CharSequence auth = headers.get("authorization");
      if (auth == null || !auth.toString().startsWith("bearer ")) {
        throw new RejectedNotificationException(RejectionReason.MISSING_PROVIDER_TOKEN);
      }
      String path = headers.path().toString();
      String token = path.substring(path.lastIndexOf('/') + 1);
      if (expired.contains(token)) {
        throw new UnregisteredDeviceTokenException(Instant.now());
      }
      if (bad.contains(token)) {
        throw new RejectedNotificationException(RejectionReason.BAD_DEVICE_TOKEN);
      }
      boolean[] throttle = {false};
      throttled.computeIfPresent(
          token,
          (t, n) -> {
            throttle[0] = true;
            return n > 1 ? n - 1 : null;
          });
      if (throttle[0]) {
        throw new RejectedNotificationException(RejectionReason.TOO_MANY_REQUESTS);
      }
      CharSequence topic = headers.get("apns-topic");
      CharSequence collapse = headers.get("apns-collapse-id");
      accepted.add(
          new Accepted(
              token,
              topic == null ? null : topic.toString(),
              collapse == null ? null : collapse.toString(),
              JSON.readTree(payload.toString(StandardCharsets.UTF_8)),
              Instant.now()));
    };
  }

  @Override
  public void close() throws Exception {
    server.shutdown().get();
  }
}
