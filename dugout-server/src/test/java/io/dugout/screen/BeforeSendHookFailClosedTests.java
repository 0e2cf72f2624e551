package io.dugout.screen;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The before-send hook failing closed ({@code failure=reject}): without a usable answer a send is
 * refused with {@code unavailable}, stores nothing and leaves no gap; answers still count.
 */
class BeforeSendHookFailClosedTests extends ApiTest {

  private static final HookServer HOOK = HookServer.start();

  @DynamicPropertySource
  static void hook(DynamicPropertyRegistry registry) {
    registry.add("dugout.hooks.before-send.url", () -> HOOK.url().toString());
    registry.add("dugout.hooks.before-send.secret", () -> BeforeSendHookApiTests.SECRET);
    registry.add("dugout.hooks.before-send.timeout", () -> "300ms");
    registry.add("dugout.hooks.before-send.failure", () -> "reject");
  }

  @AfterAll
  static void stopHook() {
    HOOK.close();
  }

  @Test
  void withoutAnAnswerInTimeASendIsRefusedAsUnavailable() {
    String alice = client.token(user("alice"));
    String room = group(alice, "t");

    var refused = say(alice, room, "c-1", "slow and unchecked");

    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.text("code")).isEqualTo("unavailable");
    assertThat(say(alice, room, "c-2", "hello").number("seq")).isEqualTo(1);
  }

  @Test
  void anErrorOrAnAnswerThatIsNoActionRefusesTheSend() {
    String alice = client.token(user("alice"));
    String room = group(alice, "t");

    var afterError = say(alice, room, "c-1", "fail on the backend");
    var afterGarbage = say(alice, room, "c-2", "garbage from the backend");

    assertThat(afterError.status()).isEqualTo(503);
    assertThat(afterError.text("code")).isEqualTo("unavailable");
    assertThat(afterGarbage.status()).isEqualTo(503);
    assertThat(say(alice, room, "c-3", "hello").number("seq")).isEqualTo(1);
  }

  @Test
  void answersStillDecide() {
    String alice = client.token(user("alice"));
    String room = group(alice, "t");

    assertThat(say(alice, room, "c-1", "hello").status()).isEqualTo(201);
    assertThat(say(alice, room, "c-2", "reject me").text("code")).isEqualTo("content_refused");
    assertThat(say(alice, room, "c-3", "rewrite me").text("content"))
        .isEqualTo(HookServer.REWRITTEN);
  }
}
