package io.dugout.auth;

import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.DugoutApplication;
import io.dugout.api.ApiTest;
import io.dugout.api.Jwts;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.test.context.TestPropertySource;

/**
 * The auth settings a deployment changes: service-scope try-it-out tokens left at their default
 * (off), tokens without expiry allowed, and try-it-out mode switched off entirely.
 */
@TestPropertySource(
    properties = {
      "dugout.auth.try-it-out-service-tokens=false",
      "dugout.auth.require-expiry=false"
    })
class AuthSettingsTests extends ApiTest {

  @Test
  void refusesTryItOutServiceTokensUnlessTheyAreSwitchedOn() {
    var refused =
        client.post(null, "/api/v1/dev/token", "{\"userId\":\"ops\",\"scope\":\"dugout:service\"}");
    assertProblem(refused, 403, "forbidden");
    assertThat(refused.text("detail")).contains("dugout.auth.try-it-out-service-tokens");
    assertThat(refused.json().has("token")).isFalse();
    var user = client.post(null, "/api/v1/dev/token", "{\"userId\":\"" + user("alice") + "\"}");
    assertThat(user.status()).isEqualTo(200);
  }

  @Test
  void acceptsATokenWithoutExpiryWhenExpiryIsNotRequired() {
    String forever = Jwts.hs256(Jwts.devSecret(dataDir), Map.of("sub", user("alice")));
    assertThat(client.get(forever, "/api/v1/rooms").status()).isEqualTo(200);
  }

  @Test
  void refusesToStartWithoutAKeyWhenTryItOutIsOff(@TempDir Path dataDir) {
    var app =
        new SpringApplicationBuilder(DugoutApplication.class)
            .properties(
                "server.port=0",
                "dugout.data-dir=" + dataDir,
                "dugout.auth.try-it-out=false",
                "spring.main.banner-mode=off");
    assertThatThrownBy(() -> app.run().close())
        .hasStackTraceContaining("dugout.auth.try-it-out is false but no key is configured");
    assertThat(dataDir.resolve("dev-jwt-secret")).doesNotExist();
  }
}
