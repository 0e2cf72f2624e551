package io.dugout.auth;

import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.DugoutApplication;
import io.dugout.TempDirs;
import io.dugout.api.DugoutClient;
import io.dugout.api.Jwts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A node with a real HS256 secret: no try-it-out tokens, only tokens signed with the secret. */
@SpringBootTest(
    classes = DugoutApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "dugout.auth.jwt.hmac-secret=" + ConfiguredSecretApiTests.SECRET)
class ConfiguredSecretApiTests {

  static final String SECRET = "a-secret-of-the-product-that-is-long-enough";
  private static final Path DATA_DIR = TempDirs.deletedAtExit("dugout-secret-");

  @LocalServerPort int port;
  private DugoutClient client;

  @DynamicPropertySource
  static void dataDir(DynamicPropertyRegistry registry) {
    registry.add("dugout.data-dir", DATA_DIR::toString);
  }

  @BeforeEach
  void connect() {
    client = DugoutClient.onPort(port);
  }

  @Test
  void hasNoTryItOutEndpointAndKeepsNoGeneratedSecret() {
    var response = client.post(null, "/api/v1/dev/token", "{\"userId\":\"alice\"}");
    assertThat(response.status()).isEqualTo(404);
    assertThat(response.json().has("token")).isFalse();
    var asService =
        client.post(null, "/api/v1/dev/token", "{\"userId\":\"b\",\"scope\":\"dugout:service\"}");
    assertThat(asService.status()).isEqualTo(404);
    assertThat(Files.exists(DATA_DIR.resolve("dev-jwt-secret"))).isFalse();
  }

  @Test
  void acceptsATokenSignedWithTheConfiguredSecret() {
    String alice = Jwts.hs256(Jwts.secret(SECRET), "alice");
    var created =
        client.postJson(
            alice,
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob")));
    assertThat(created.status()).isEqualTo(201);
    String roomId = created.text("id");
    var posted =
        client.postJson(
            alice,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of("clientMsgId", "c-1", "kind", "TEXT", "content", "hi"));
    assertThat(posted.status()).isEqualTo(201);
    assertThat(posted.text("senderId")).isEqualTo("alice");
    var bob = client.get(Jwts.hs256(Jwts.secret(SECRET), "bob"), "/api/v1/rooms/" + roomId);
    assertThat(bob.status()).isEqualTo(200);
    assertThat(bob.number("unreadCount")).isEqualTo(1);
  }

  @Test
  void rejectsATokenSignedWithAnotherSecret() {
    String forged = Jwts.hs256(Jwts.secret("another-secret-that-is-long-enough-too"), "alice");
    var response = client.get(forged, "/api/v1/rooms");
    assertProblem(response, 401, "unauthenticated");
    assertThat(response.headers("WWW-Authenticate"))
        .containsExactly("Bearer error=\"invalid_token\"");
    assertProblem(client.get(Jwts.unsigned("alice"), "/api/v1/rooms"), 401, "unauthenticated");
    assertProblem(client.get(null, "/api/v1/rooms"), 401, "unauthenticated");
  }

  @Test
  void letsAServiceTokenSignedWithTheSecretActForUsers() {
    String service =
        Jwts.hs256(
            Jwts.secret(SECRET), "shop-backend", "dugout:service", Instant.now().plusSeconds(600));
    var created =
        client.postJson(
            service,
            "/api/v1/rooms",
            Map.of(
                "type",
                "TRADE",
                "memberIds",
                List.of("buyer", "seller"),
                "trade",
                Map.of("itemId", "i-1", "sellerId", "seller")));
    assertThat(created.status()).isEqualTo(201);
    var system =
        client.postJson(
            service,
            "/api/v1/rooms/" + created.text("id") + "/messages",
            Map.of("clientMsgId", "paid-1", "kind", "SYSTEM", "content", "Payment received"));
    assertThat(system.status()).isEqualTo(201);
    var list = client.get(service, "/api/v1/rooms?userId=buyer");
    assertThat(list.json().get("rooms").get(0).get("lastMessage").get("content").asString())
        .isEqualTo("Payment received");
  }
}
