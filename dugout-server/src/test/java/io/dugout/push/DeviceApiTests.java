package io.dugout.push;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The device registry over real HTTP. */
class DeviceApiTests extends ApiTest {

  private static final String MINE = "/api/v1/users/me/devices";
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String APNS_TOKEN = "a1b2c3d4".repeat(8);

  private ApiResponse register(String token, String path, Map<String, Object> body) {
    return client.send("PUT", token, path, body == null ? null : JSON.writeValueAsString(body));
  }

  private static Map<String, Object> apns(String token) {
    var body = new LinkedHashMap<String, Object>();
    body.put("platform", "apns");
    body.put("token", token);
    body.put("appId", "com.example.chat");
    body.put("locale", "en-GB");
    body.put("previews", false);
    return body;
  }

  private static Map<String, Object> fcm(String token) {
    return new LinkedHashMap<>(Map.of("platform", "fcm", "token", token, "push", "always"));
  }

  @Test
  void registersListsReplacesAndRemovesDevices() {
    String alice = client.token(user("alice"));

    var put = register(alice, MINE + "/iphone", apns(APNS_TOKEN)).snippet("devices-put");
    assertThat(put.status()).isEqualTo(201);
    assertThat(put.text("platform")).isEqualTo("apns");
    assertThat(put.json().get("previews").asBoolean()).isFalse();
    assertThat(put.text("push")).isEqualTo("away");
    assertThat(register(alice, MINE + "/pixel", fcm("fcm:token-1")).status()).isEqualTo(201);
    assertThat(register(alice, MINE + "/pixel", fcm("fcm:token-2")).status()).isEqualTo(200);

    var listed = client.get(alice, MINE).snippet("devices-list");
    assertThat(listed.json().get("devices").findValuesAsString("deviceId"))
        .containsExactly("iphone", "pixel");
    assertThat(listed.json().get("devices").get(1).get("token").asString())
        .isEqualTo("fcm:token-2");
    assertThat(listed.json().get("devices").get(1).get("push").asString()).isEqualTo("always");
    assertThat(client.get(alice, MINE + "/pixel").status()).isEqualTo(200);

    assertThat(client.delete(alice, MINE + "/pixel").snippet("devices-delete").status())
        .isEqualTo(204);
    assertThat(client.delete(alice, MINE + "/pixel").status()).isEqualTo(204);
    assertProblem(client.get(alice, MINE + "/pixel"), 404, "not_found");
    assertThat(client.get(alice, MINE).json().get("devices")).hasSize(1);
  }

  @Test
  void aTokenRegisteredByAnotherUserLeavesTheFirst() {
    String alice = client.token(user("alice"));
    String bob = client.token(user("bob"));
    register(alice, MINE + "/phone", fcm("handed-on"));

    register(bob, MINE + "/phone", fcm("handed-on"));

    assertThat(client.get(alice, MINE).json().get("devices")).isEmpty();
    assertThat(client.get(bob, MINE).json().get("devices")).hasSize(1);
  }

  @Test
  void refusesInvalidRegistrationsWithTheFieldAtFault() {
    String alice = client.token(user("alice"));

    assertInvalid(register(alice, MINE + "/d", null), "body");
    assertInvalid(register(alice, MINE + "/d", Map.of("token", "t")), "platform");
    assertInvalid(
        register(alice, MINE + "/d", Map.of("platform", "gcm", "token", "t")), "platform");
    assertInvalid(register(alice, MINE + "/d", Map.of("platform", "fcm")), "token");
    assertInvalid(register(alice, MINE + "/d", fcm("has space")), "token");
    assertInvalid(register(alice, MINE + "/d", apns("not-hex")), "token");
    var noTopic = apns(APNS_TOKEN);
    noTopic.remove("appId");
    assertInvalid(register(alice, MINE + "/d", noTopic), "appId");
    var badLocale = apns(APNS_TOKEN);
    badLocale.put("locale", "english please");
    assertInvalid(register(alice, MINE + "/d", badLocale), "locale");
    var badPush = fcm("t");
    badPush.put("push", "sometimes");
    assertInvalid(register(alice, MINE + "/d", badPush), "push");
    assertInvalid(register(alice, MINE + "/" + "x".repeat(200), fcm("t")), "deviceId");
    assertThat(client.get(alice, MINE).json().get("devices")).isEmpty();
  }

  @Test
  void refusesMoreThanTheMostDevicesAllowed() {
    String alice = client.token(user("alice"));
    for (int i = 0; i < DeviceRegistry.MAX_DEVICES; i++) {
      assertThat(register(alice, MINE + "/d" + i, fcm("t" + i)).status()).isEqualTo(201);
    }

    assertProblem(register(alice, MINE + "/one-more", fcm("t-more")), 409, "conflict");
    assertThat(register(alice, MINE + "/d0", fcm("t-new")).status()).isEqualTo(200);
  }

  @Test
  void aServiceTokenManagesAnyUsersDevicesAndAUserOnlyTheirOwn() {
    String aliceId = user("alice");
    String service = client.serviceToken("backend");
    String path = "/api/v1/users/" + aliceId + "/devices";

    assertThat(register(service, path + "/phone", fcm("svc-token")).status()).isEqualTo(201);

    assertThat(client.get(client.token(aliceId), MINE).json().get("devices")).hasSize(1);
    assertThat(client.get(service, path).json().get("devices")).hasSize(1);
    String bob = client.token(user("bob"));
    assertProblem(register(bob, path + "/x", fcm("bobs")), 403, "forbidden");
    assertProblem(client.get(bob, path), 403, "forbidden");
    assertProblem(client.delete(bob, path + "/phone"), 403, "forbidden");
    assertThat(client.delete(service, path + "/phone").status()).isEqualTo(204);
    assertThat(client.get(service, path).json().get("devices")).isEmpty();
  }
}
