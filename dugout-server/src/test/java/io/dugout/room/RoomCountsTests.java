package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A member's counts from the member record alone, with the messages of one push folded in whether
 * or not their follow-ups (the sender's read marker, the mentions) are written yet.
 */
class RoomCountsTests {

  private static final String ROOM = "r";

  @Test
  void countsMessagesAfterTheReadMarkerByOrdinalAndMentionsAboveIt() {
    var bob = member("bob", 4, 3, List.of(2L, 5L, 7L));

    var counts = RoomCounts.of(bob, 9, 6);

    assertThat(counts).isEqualTo(new RoomCounts("bob", ROOM, 9, 3, 2));
  }

  @Test
  void theSenderHasReadTheirOwnMessageBeforeTheirMarkerIsWritten() {
    var alice = member("alice", 2, 2, List.of());
    var hers = message(3, 3, "alice");

    assertThat(RoomCounts.afterMessages(alice, List.of(hers), 3, 3))
        .isEqualTo(new RoomCounts("alice", ROOM, 3, 0, 0));
  }

  @Test
  void messagesOfOthersAfterTheSendersOwnStillCount() {
    var alice = member("alice", 2, 2, List.of());
    var batch = List.of(message(4, 4, "bob"), message(3, 3, "alice"), message(5, 5, "carol"));

    assertThat(RoomCounts.afterMessages(alice, batch, 5, 5).unreadCount()).isEqualTo(2);
  }

  @Test
  void withNoHeadGivenTheCountsReachTheNewestMessageTakenInAnyOrder() {
    var bob = member("bob", 2, 2, List.of());
    var batch = List.of(message(5, 4, "carol"), message(3, 3, "alice"));

    assertThat(RoomCounts.afterMessages(bob, batch))
        .isEqualTo(new RoomCounts("bob", ROOM, 5, 2, 0));
  }

  @Test
  void aMentionCountsOnceWhetherOrNotItIsKeptOnTheMemberYet() {
    var mention = message(3, 3, "alice", "bob");
    var notYet = member("bob", 1, 1, List.of());
    var kept = member("bob", 1, 1, List.of(3L));

    for (var bob : List.of(notYet, kept)) {
      assertThat(RoomCounts.afterMessages(bob, List.of(mention), 3, 3))
          .isEqualTo(new RoomCounts("bob", ROOM, 3, 2, 1));
    }
  }

  @Test
  void aMentionOfTheSenderThemselvesOrBelowTheirOwnLaterMessageIsRead() {
    var self = message(3, 3, "bob", "bob");
    var mentioned = message(4, 4, "alice", "bob");
    var reply = message(5, 5, "bob");
    var bob = member("bob", 2, 2, List.of());

    assertThat(RoomCounts.afterMessages(bob, List.of(self), 3, 3).mentionCount()).isZero();
    var answered = RoomCounts.afterMessages(bob, List.of(mentioned, reply), 5, 5);
    assertThat(answered.mentionCount()).isZero();
    assertThat(answered.unreadCount()).isZero();
  }

  @Test
  void theRoomsHeadDecidesWhenItIsNewerThanTheMessagesAndNeverGoesBack() {
    var bob = member("bob", 2, 2, List.of());
    var late = message(3, 3, "alice");

    // entries 4 (a change, same ordinal) and 5 were stored before this push was made
    assertThat(RoomCounts.afterMessages(bob, List.of(late), 5, 4))
        .isEqualTo(new RoomCounts("bob", ROOM, 5, 2, 0));
    // a head read before a message it does not hold yet: the message still counts
    assertThat(RoomCounts.afterMessages(bob, List.of(late), 2, 2))
        .isEqualTo(new RoomCounts("bob", ROOM, 3, 1, 0));
  }

  @Test
  void aSystemMessageAboutTheMemberCountsForThem() {
    var bob = member("bob", 2, 2, List.of());
    var joined =
        new Message(
            ROOM, 3, "bob", MessageKind.SYSTEM, "bob joined", List.of(), "s", Instant.EPOCH);

    assertThat(RoomCounts.afterMessages(bob, List.of(joined), 3, 3).unreadCount()).isEqualTo(1);
  }

  private static Member member(String userId, long readSeq, long readOrdinal, List<Long> mentions) {
    return new Member(
        ROOM, userId, MemberRole.MEMBER, Instant.EPOCH, readSeq, false, readOrdinal, mentions);
  }

  private static Message message(long seq, long ordinal, String sender, String... mentions) {
    return new Message(
        ROOM,
        seq,
        sender,
        MessageKind.TEXT,
        "m" + seq,
        List.of(),
        "c" + seq,
        Instant.EPOCH,
        ordinal,
        null,
        null,
        List.of(mentions),
        null,
        false,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
