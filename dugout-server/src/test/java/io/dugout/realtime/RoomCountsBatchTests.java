package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.room.RoomEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the room-counts worker takes from its queue in one pass, gathered into pushes. */
class RoomCountsBatchTests {

  @Test
  void messagesOfARoomTakenTogetherMakeOnePushWithAllOfThem() {
    var r1First = message("r1", 1);
    var r2 = message("r2", 7);
    var r1Third = message("r1", 3);
    var r1Second = message("r1", 2);

    var batch = RoomCountsBatch.of(List.of(r1First, r2, r1Third, r1Second));

    assertThat(batch.rooms()).containsOnlyKeys("r1", "r2");
    assertThat(batch.rooms().get("r1")).containsExactly(r1First, r1Third, r1Second);
    assertThat(batch.rooms().get("r2")).containsExactly(r2);
    assertThat(batch.rooms().keySet()).containsExactly("r1", "r2");
    assertThat(batch.reads()).isEmpty();
  }

  @Test
  void aMembersReadsOfARoomTakenTogetherMakeOnePush() {
    var first = new RoomEvent.ReadMarkerMoved("r1", "bob", 2);
    var again = new RoomEvent.ReadMarkerMoved("r1", "bob", 5);
    var other = new RoomEvent.ReadMarkerMoved("r1", "carol", 5);
    var elsewhere = new RoomEvent.ReadMarkerMoved("r2", "bob", 1);

    var batch = RoomCountsBatch.of(List.of(first, other, again, elsewhere));

    assertThat(batch.reads()).containsExactly(first, other, elsewhere);
    assertThat(batch.rooms()).isEmpty();
  }

  @Test
  void aReadOfARoomWhoseMessagesWereTakenWithItIsLeftToTheirPush() {
    var read = new RoomEvent.ReadMarkerMoved("r1", "bob", 1);
    var message = message("r1", 2);
    var readElsewhere = new RoomEvent.ReadMarkerMoved("r2", "bob", 4);

    var batch = RoomCountsBatch.of(List.of(read, message, readElsewhere));

    assertThat(batch.rooms()).containsOnlyKeys("r1");
    assertThat(batch.reads()).containsExactly(readElsewhere);
  }

  private static Message message(String roomId, long seq) {
    return new Message(
        roomId, seq, "alice", MessageKind.TEXT, "m" + seq, List.of(), "c" + seq, Instant.EPOCH);
  }
}
