package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Who may edit, delete and react, decided in one place from membership and moderation. */
class MessageRightsTests {

  private static final Instant SENT = Instant.parse("2026-11-29T10:00:00Z");

  /** alice and bob are members of r1; owner owns it. */
  private final RoomAccess access =
      new RoomAccess() {
        private final Set<String> members = Set.of("alice", "bob", "owner");

        @Override
        public void requireReader(Caller caller, String roomId) {
          if (!caller.service() && !members.contains(caller.userId())) {
            throw DugoutException.forbidden("not a member");
          }
        }

        @Override
        public boolean isMember(String roomId, String userId) {
          return members.contains(userId);
        }

        @Override
        public boolean isMemberInStore(String roomId, String userId) {
          return isMember(roomId, userId);
        }

        @Override
        public boolean moderates(Caller caller, String roomId) {
          return caller.service() || caller.userId().equals("owner");
        }
      };

  private final MessageRights rights =
      new MessageRights(
          access,
          new MessageProperties(Duration.ofHours(48), 50),
          SendBlocks.NONE,
          SendModeration.NONE);

  @Test
  void theSenderEditsTextWithinTheWindowAndNotAfter() {
    var text = message("alice", MessageKind.TEXT);

    assertThatCode(() -> rights.requireEditor(Caller.user("alice"), text, SENT.plusSeconds(3600)))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () -> rights.requireEditor(Caller.user("alice"), text, SENT.plus(Duration.ofHours(49))))
        .isInstanceOfSatisfying(
            DugoutException.Forbidden.class,
            e -> assertThat(e.code()).isEqualTo("edit_window_closed"));
    assertThatCode(
            () ->
                new MessageRights(
                        access,
                        new MessageProperties(Duration.ZERO, 50),
                        SendBlocks.NONE,
                        SendModeration.NONE)
                    .requireEditor(Caller.user("alice"), text, SENT.plus(Duration.ofDays(400))))
        .as("0: no limit")
        .doesNotThrowAnyException();
  }

  @Test
  void nobodyElseEditsButAServiceAndNothingEditsAnImageOrASystemMessage() {
    var text = message("alice", MessageKind.TEXT);

    assertForbidden(() -> rights.requireEditor(Caller.user("bob"), text, SENT));
    assertForbidden(() -> rights.requireEditor(Caller.user("owner"), text, SENT));
    assertForbidden(() -> rights.requireEditor(Caller.user("mallory"), text, SENT));
    assertForbidden(
        () ->
            rights.requireEditor(Caller.user("alice"), message("alice", MessageKind.IMAGE), SENT));
    assertThatCode(
            () ->
                rights.requireEditor(
                    new Caller("backend", true), text, SENT.plus(Duration.ofDays(9))))
        .doesNotThrowAnyException();
    assertForbidden(
        () ->
            rights.requireEditor(
                new Caller("backend", true), message("alice", MessageKind.SYSTEM), SENT));
  }

  @Test
  void theSenderTheOwnerOrAServiceDeletes() {
    var text = message("alice", MessageKind.TEXT);

    for (Caller caller :
        List.of(Caller.user("alice"), Caller.user("owner"), new Caller("backend", true))) {
      assertThatCode(() -> rights.requireDeleter(caller, text)).doesNotThrowAnyException();
    }
    assertForbidden(() -> rights.requireDeleter(Caller.user("bob"), text));
    assertForbidden(() -> rights.requireDeleter(Caller.user("mallory"), text));
  }

  @Test
  void membersReactOthersDoNot() {
    assertThatCode(() -> rights.requireReactor(Caller.user("bob"), "r1"))
        .doesNotThrowAnyException();
    assertForbidden(() -> rights.requireReactor(Caller.user("mallory"), "r1"));
  }

  @Test
  void anEmojiIsEmojiNotText() {
    for (String emoji : List.of("👍", "❤️", "👍🏽", "🇩🇪", "👨‍👩‍👧", "🎉")) {
      assertThat(MessageValidator.emoji(emoji)).isEqualTo(emoji);
    }
    for (String text :
        List.of("", "a", "lol", "1", "#", "👍 ", "👍a", "<script>", "🙂".repeat(9))) {
      assertThatThrownBy(() -> MessageValidator.emoji(text))
          .as("%s", text)
          .isInstanceOfSatisfying(
              DugoutException.Invalid.class, e -> assertThat(e.field()).isEqualTo("emoji"));
    }
  }

  private static void assertForbidden(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            DugoutException.Forbidden.class, e -> assertThat(e.code()).isEqualTo("forbidden"));
  }

  private static Message message(String sender, MessageKind kind) {
    return new Message("r1", 1, sender, kind, "hi", List.of(), "c-1", SENT);
  }
}
