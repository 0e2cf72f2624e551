package io.dugout.screen;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The word filter masking, end to end: sends and edits are stored with the matches masked. */
class WordMaskApiTests extends ApiTest {

  @DynamicPropertySource
  static void filter(DynamicPropertyRegistry registry) {
    registry.add("dugout.screen.words", () -> "scam,바보");
    registry.add("dugout.screen.action", () -> "mask");
  }

  @Test
  void aSendIsStoredAndAnsweredWithEachMatchMasked() {
    String alice = client.token(user("alice"));
    String room = group(alice, "t");

    var sent = say(alice, room, "c-1", "Scam alert: 바보 🙂");
    var retry = say(alice, room, "c-1", "Scam alert: 바보 🙂");

    assertThat(sent.status()).isEqualTo(201);
    assertThat(sent.text("content")).isEqualTo("**** alert: ** 🙂");
    assertThat(retry.json()).isEqualTo(sent.json());
    var stored = client.get(alice, "/api/v1/rooms/" + room + "/messages").json().get("messages");
    assertThat(stored.get(0).get("content").asString()).isEqualTo("**** alert: ** 🙂");
  }

  @Test
  void anEditIsStoredWithEachMatchMasked() {
    String alice = client.token(user("alice"));
    String room = group(alice, "t");
    say(alice, room, "c-1", "hello");

    var edited =
        client.send(
            "PATCH",
            alice,
            "/api/v1/rooms/" + room + "/messages/1",
            "{\"clientMsgId\":\"e-1\",\"content\":\"not a scam\"}");

    assertThat(edited.status()).isEqualTo(200);
    assertThat(edited.text("content")).isEqualTo("not a ****");
  }
}
