package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageJson;
import io.dugout.message.MessageKind;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class RoomHeadsTests {

  private static final Instant CREATED = Instant.parse("2026-11-22T04:03:07.242914111Z");

  private final JsonMapper mapper = JsonMapper.builder().build();
  private final RoomHeads heads = new RoomHeads(mapper);

  @Test
  void aHeadWithTheCallersPartsIsWhatTheMapperWritesForTheView() {
    var trade =
        new Room(
            "t-1", RoomType.TRADE, null, new TradeContext("item-\"7\"", "sam"), CREATED, "key");
    var group =
        new Room("g-1", RoomType.GROUP, "\"unreadCount\":1, caf\u00e9", null, CREATED, null);
    Message newest = message("g-1", 42, ",\"unreadCount\":0,\"muted\":false}");

    assertWritesAsTheMapper(trade, null, 0, false);
    assertWritesAsTheMapper(group, newest, 40, true);
    assertWritesAsTheMapper(group, newest, 42, false);
  }

  @Test
  void aHeadIsKeptWhileTheRoomAndItsNewestMessageAreTheSame() {
    var room = new Room("g-1", RoomType.GROUP, "title", null, CREATED, null);
    byte[] newest = MessageJson.write(message("g-1", 1, "one"));

    RoomHeads.Head first = heads.of(room, newest);

    assertThat(heads.of(room, newest.clone())).isSameAs(first);
    RoomHeads.Head next = heads.of(room, MessageJson.write(message("g-1", 2, "two")));
    assertThat(next).isNotSameAs(first);
    assertThat(next.lastSeq()).isEqualTo(2);
    assertThat(new String(next.bytes(), StandardCharsets.UTF_8)).contains("\"two\"");
    assertThat(heads.of(new Room("g-1", RoomType.GROUP, "new", null, CREATED, null), next.newest()))
        .isNotSameAs(next);
    assertThat(heads.of(room, null).lastSeq()).isZero();
    assertThat(heads.size()).isEqualTo(1);
  }

  private void assertWritesAsTheMapper(Room room, Message newest, long lastRead, boolean muted) {
    RoomHeads.Head head = heads.of(room, newest == null ? null : MessageJson.write(newest));
    long unread = Math.max(0, head.lastSeq() - lastRead);

    String written =
        new String(head.bytes(), StandardCharsets.UTF_8) + unread + ",\"muted\":" + muted + "}";

    assertThat(written)
        .isEqualTo(
            mapper.writeValueAsString(RoomService.view(room, newest, lastRead, muted, null)));
  }

  private static Message message(String roomId, long seq, String content) {
    return new Message(
        roomId, seq, "alice", MessageKind.TEXT, content, List.of(), "c-" + seq, CREATED);
  }
}
