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

    RoomHeads.Head first = heads.of(room, newest, newest);

    assertThat(heads.of(room, newest.clone(), newest.clone())).isSameAs(first);
    byte[] two = MessageJson.write(message("g-1", 2, "two"));
    RoomHeads.Head next = heads.of(room, two, two);
    assertThat(next).isNotSameAs(first);
    assertThat(next.ordinal()).isEqualTo(2);
    assertThat(new String(next.bytes(), StandardCharsets.UTF_8)).contains("\"two\"");
    assertThat(
            heads.of(
                new Room("g-1", RoomType.GROUP, "new", null, CREATED, null),
                next.newest(),
                next.message()))
        .isNotSameAs(next);
    assertThat(heads.of(room, null, null).ordinal()).isZero();
    assertThat(heads.size()).isEqualTo(1);
  }

  private void assertWritesAsTheMapper(Room room, Message newest, long lastRead, boolean muted) {
    byte[] json = newest == null ? null : MessageJson.write(newest);
    RoomHeads.Head head = heads.of(room, json, json);
    var me =
        new Member(room.id(), "bob", MemberRole.MEMBER, CREATED, lastRead, muted)
            .withMention(lastRead + 1);
    long unread = me.unreadAt(head.ordinal());

    String written =
        new String(head.bytes(), StandardCharsets.UTF_8)
            + unread
            + ",\"mentionCount\":"
            + me.unreadMentions()
            + ",\"muted\":"
            + muted
            + "}";

    assertThat(written)
        .isEqualTo(mapper.writeValueAsString(RoomService.view(room, newest, newest, me, null)));
  }

  private static Message message(String roomId, long seq, String content) {
    return new Message(
        roomId, seq, "alice", MessageKind.TEXT, content, List.of(), "c-" + seq, CREATED);
  }
}
