package io.dugout.auth;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dugout.LocalAddresses;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import io.dugout.api.DugoutClient;
import io.dugout.api.Jwts;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Bearer tokens over real HTTP, in try-it-out mode (no secret configured). */
class AuthApiTests extends ApiTest {

  private static final String SOME_ROOM = "/api/v1/rooms/0193f6c2-0000-7000-8000-000000000001";

  /** One request per REST endpoint, each given a token (null for none). */
  private static final List<Function<TokenCall, ApiResponse>> EVERY_ENDPOINT =
      List.of(
          c -> c.client.post(c.token, "/api/v1/rooms", "{\"type\":\"GROUP\",\"memberIds\":[]}"),
          c -> c.client.get(c.token, "/api/v1/rooms"),
          c -> c.client.get(c.token, SOME_ROOM),
          c -> c.client.post(c.token, SOME_ROOM + "/enter", null),
          c -> c.client.get(c.token, SOME_ROOM + "/messages"),
          c ->
              c.client.post(
                  c.token,
                  SOME_ROOM + "/messages",
                  "{\"clientMsgId\":\"c\",\"kind\":\"TEXT\",\"content\":\"x\"}"),
          c -> c.client.post(c.token, SOME_ROOM + "/members", "{\"userId\":\"dave\"}"),
          c -> c.client.delete(c.token, SOME_ROOM + "/members/dave"),
          c -> c.client.post(c.token, SOME_ROOM + "/read", "{\"seq\":1}"));

  record TokenCall(DugoutClient client, String token) {}

  @Test
  void theGeneratedKeyInTheDataDirectoryIsReadableByItsOwnerAlone() throws Exception {
    Path key = dataDir.resolve("dev-jwt-secret");
    assumeTrue(key.getFileSystem().supportedFileAttributeViews().contains("posix"));

    assertThat(Files.getPosixFilePermissions(key))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
  }

  @Test
  void issuesATryItOutTokenOnLoopbackForADayThatTheApiAccepts() {
    var issued =
        client.post(null, "/api/v1/dev/token", "{\"userId\": \"alice\"}").snippet("dev-token");
    assertThat(issued.status()).isEqualTo(200);
    assertThat(issued.text("userId")).isEqualTo("alice");
    assertThat(issued.text("token")).startsWith("eyJ");
    assertThat(Instant.parse(issued.text("expiresAt")))
        .isBetween(
            Instant.now().plus(Duration.ofHours(23)), Instant.now().plus(Duration.ofHours(25)));
    assertThat(client.get(issued.text("token"), "/api/v1/rooms").status()).isEqualTo(200);
  }

  @Test
  void rejectsATryItOutTokenForAnInvalidUserOrScope() {
    assertInvalid(client.post(null, "/api/v1/dev/token", "{}"), "userId");
    assertInvalid(client.post(null, "/api/v1/dev/token", "{\"userId\":\"al ice\"}"), "userId");
    assertInvalid(
        client.post(null, "/api/v1/dev/token", "{\"userId\":\"alice\",\"scope\":\"admin\"}"),
        "scope");
  }

  @Test
  void hidesTheTryItOutEndpointFromAddressesOtherThanLoopback() throws Exception {
    Optional<InetAddress> external = LocalAddresses.nonLoopback();
    assumeTrue(external.isPresent(), "this machine has no non-loopback address to call from");
    var remote =
        new DugoutClient(
            URI.create("http://" + external.get().getHostAddress() + ":" + publicPort()));
    var response = remote.post(null, "/api/v1/dev/token", "{\"userId\":\"alice\"}");
    assertProblem(response, 404, "not_found");
    assertThat(response.json().has("token")).isFalse();
  }

  @Test
  void rejectsEveryEndpointWithoutAToken() {
    for (var call : EVERY_ENDPOINT) {
      var response = call.apply(new TokenCall(client, null));
      assertUnauthenticated(response);
      assertThat(response.headers("WWW-Authenticate")).containsExactly("Bearer");
    }
    client.get(null, "/api/v1/rooms").snippet("problem-unauthenticated");
  }

  @Test
  void rejectsEveryEndpointWithAGarbageToken() {
    for (var call : EVERY_ENDPOINT) {
      assertInvalidToken(call.apply(new TokenCall(client, "not-a-jwt")));
    }
  }

  @Test
  void rejectsAnExpiredToken() {
    String expired =
        Jwts.hs256(
            Jwts.devSecret(dataDir), user("alice"), null, Instant.now().minus(Duration.ofHours(1)));
    for (var call : EVERY_ENDPOINT) {
      assertInvalidToken(call.apply(new TokenCall(client, expired)));
    }
  }

  @Test
  void rejectsATokenSignedWithAnotherSecret() {
    String forged = Jwts.hs256(Jwts.secret("x".repeat(32)), user("alice"));
    for (var call : EVERY_ENDPOINT) {
      assertInvalidToken(call.apply(new TokenCall(client, forged)));
    }
    String forgedService =
        Jwts.hs256(
            Jwts.secret("y".repeat(32)),
            "backend",
            "dugout:service",
            Instant.now().plusSeconds(600));
    assertInvalidToken(client.get(forgedService, "/api/v1/rooms?userId=alice"));
  }

  @Test
  void rejectsAnUnsignedToken() {
    assertInvalidToken(client.get(Jwts.unsigned(user("alice")), "/api/v1/rooms"));
  }

  @Test
  void acceptsATokenSignedWithTheNodesSecretByAnyoneWhoHasIt() {
    String alice = user("alice");
    var response = client.get(Jwts.hs256(Jwts.devSecret(dataDir), alice), "/api/v1/rooms");
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("rooms")).isEmpty();
  }

  @Test
  void rejectsATokenWhoseSubjectIsMissingOrNotAUserId() {
    byte[] secret = Jwts.devSecret(dataDir);
    Instant later = Instant.now().plusSeconds(600);
    assertInvalidToken(client.get(Jwts.hs256(secret, null, null, later), "/api/v1/rooms"));
    assertInvalidToken(client.get(Jwts.hs256(secret, "has space", null, later), "/api/v1/rooms"));
    assertInvalidToken(
        client.post(
            Jwts.hs256(secret, "x".repeat(129), null, later),
            "/api/v1/rooms",
            "{\"type\":\"GROUP\"}"));
  }

  @Test
  void treatsATokenAsServiceOnlyWhenItsScopeListsDugoutService() {
    byte[] secret = Jwts.devSecret(dataDir);
    String alice = user("alice");
    String roomId = group(client.token(alice), "t");
    Instant later = Instant.now().plusSeconds(600);
    String amongOthers = Jwts.hs256(secret, "backend", "openid dugout:service profile", later);
    assertThat(client.get(amongOthers, "/api/v1/rooms/" + roomId).status()).isEqualTo(200);
    assertThat(client.get(amongOthers, "/api/v1/rooms?userId=" + alice).status()).isEqualTo(200);

    for (String scope : List.of("dugout:services", "openid", "dugout:service-x other")) {
      String notService = Jwts.hs256(secret, "backend", scope, later);
      assertProblem(client.get(notService, "/api/v1/rooms/" + roomId), 403, "forbidden");
      assertProblem(client.get(notService, "/api/v1/rooms?userId=" + alice), 403, "forbidden");
    }
  }

  @Test
  void appliesOneServiceRuleToTheApiAndTheActuatorWhateverTheScopeClaimsShape() {
    byte[] secret = Jwts.devSecret(dataDir);
    String alice = user("alice");
    long later = Instant.now().plusSeconds(600).getEpochSecond();
    List<Map<String, Object>> serviceShapes =
        List.of(
            Map.of("scope", List.of("openid", "dugout:service")),
            Map.of("scp", "dugout:service profile"),
            Map.of("scp", List.of("dugout:service")));
    for (var shape : serviceShapes) {
      var claims = new java.util.HashMap<String, Object>(shape);
      claims.putAll(Map.of("sub", "backend", "exp", later));
      String token = Jwts.hs256(secret, claims);
      assertThat(client.get(token, "/api/v1/rooms?userId=" + alice).status())
          .as("API, %s", shape)
          .isEqualTo(200);
      assertThat(client.get(token, "/actuator/metrics").status())
          .as("actuator, %s", shape)
          .isEqualTo(200);
    }
    List<Map<String, Object>> userShapes =
        List.of(
            Map.of("scope", List.of("openid", "dugout:services")),
            Map.of("scp", "openid"),
            Map.of("scope", Map.of("dugout:service", true)));
    for (var shape : userShapes) {
      var claims = new java.util.HashMap<String, Object>(shape);
      claims.putAll(Map.of("sub", "backend", "exp", later));
      String token = Jwts.hs256(secret, claims);
      assertProblem(client.get(token, "/api/v1/rooms?userId=" + alice), 403, "forbidden");
      assertProblem(client.get(token, "/actuator/metrics"), 403, "forbidden");
    }
  }

  @Test
  void refusesATokenWithoutExpiryEverywhere() {
    String forever =
        Jwts.hs256(
            Jwts.devSecret(dataDir), Map.of("sub", user("alice"), "scope", "dugout:service"));
    for (var call : EVERY_ENDPOINT) {
      var response = call.apply(new TokenCall(client, forever));
      assertInvalidToken(response);
      assertThat(response.text("detail")).contains("no exp");
    }
    assertInvalidToken(client.get(forever, "/actuator/metrics"));
  }

  @Test
  void refusesATokenWhoseSubjectIsInvalidOnTheActuatorToo() {
    String noSubject =
        Jwts.hs256(
            Jwts.devSecret(dataDir),
            Map.of(
                "scope", "dugout:service", "exp", Instant.now().plusSeconds(600).getEpochSecond()));
    assertInvalidToken(client.get(noSubject, "/actuator/metrics"));
    assertInvalidToken(client.get(noSubject, "/api/v1/rooms"));
  }

  @Test
  void givesAServiceTokenAccessToEveryRoomButNoUnreadCount() {
    String alice = user("alice");
    String aliceToken = client.token(alice);
    String roomId = group(aliceToken, "t");
    say(aliceToken, roomId, "c-1", "hello");
    String service = client.serviceToken("backend");
    var room = client.get(service, "/api/v1/rooms/" + roomId);
    assertThat(room.status()).isEqualTo(200);
    assertThat(room.number("unreadCount")).isZero();
    var entered = client.post(service, "/api/v1/rooms/" + roomId + "/enter", null);
    assertThat(entered.status()).isEqualTo(200);
    assertThat(entered.json().get("messages")).hasSize(1);
    var read =
        client.postJson(
            service, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 1, "userId", alice));
    assertThat(read.status()).isEqualTo(200);
    assertThat(read.text("userId")).isEqualTo(alice);
  }

  @Test
  void showsHealthToAnyoneAndMetricsOnlyToAServiceToken() {
    var health = client.get(null, "/actuator/health");
    assertThat(health.status()).isEqualTo(200);
    assertThat(health.text("status")).isEqualTo("UP");
    assertUnauthenticated(client.get(null, "/actuator/metrics"));
    assertProblem(client.get(client.token(user("alice")), "/actuator/metrics"), 403, "forbidden");
    assertProblem(
        client.get(client.token(user("alice")), "/actuator/metrics/jvm.memory.used"),
        403,
        "forbidden");
    var metrics = client.get(client.serviceToken("ops"), "/actuator/metrics");
    assertThat(metrics.status()).isEqualTo(200);
    assertThat(metrics.json().get("names").toString()).contains("http.server.requests");
  }

  @Test
  void doesNotLetAUserMoveAnotherUsersReadMarker() {
    String alice = user("alice");
    String bob = user("bob");
    String roomId = group(client.token(alice), "t", bob);
    assertProblem(
        client.postJson(
            client.token(bob),
            "/api/v1/rooms/" + roomId + "/read",
            Map.of("seq", 1, "userId", alice)),
        403,
        "forbidden");
  }

  /** A 401 problem with the Bearer challenge every 401 must carry. */
  static ApiResponse assertUnauthenticated(ApiResponse response) {
    assertProblem(response, 401, "unauthenticated");
    assertThat(response.headers("WWW-Authenticate"))
        .singleElement()
        .asString()
        .startsWith("Bearer");
    return response;
  }

  /** A 401 for a token that was sent but is not good. */
  static void assertInvalidToken(ApiResponse response) {
    assertUnauthenticated(response);
    assertThat(response.headers("WWW-Authenticate"))
        .containsExactly("Bearer error=\"invalid_token\"");
  }
}
