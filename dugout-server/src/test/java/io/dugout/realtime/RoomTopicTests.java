package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoomTopicTests extends RealtimeTestBase {

  @Test
  void deliversAMessageToEveryMemberAndReceiptsTheSender() {
    String room = group("alice", "bob");
    var alice = connect("alice");
    var bob = connect("bob");
    alice.subscribeAndWait("a", "/topic/rooms." + room);
    bob.subscribeAndWait("b", "/topic/rooms." + room);

    alice.sendJson("/app/rooms." + room + ".messages", text("c-1", "hello"), "r-1");

    var own = alice.await(f -> f.command().equals("MESSAGE"));
    alice.awaitReceipt("r-1");
    var delivered = json(bob.await(f -> f.command().equals("MESSAGE")));
    assertThat(own.header("subscription")).isEqualTo("a");
    assertThat(delivered.get("type").asString()).isEqualTo("message");
    assertThat(delivered.get("seq").asLong()).isEqualTo(1);
    assertThat(delivered.get("senderId").asString()).isEqualTo("alice");
    assertThat(delivered.get("content").asString()).isEqualTo("hello");
    assertThat(delivered.get("clientMsgId").asString()).isEqualTo("c-1");
    assertThat(delivered.get("roomId").asString()).isEqualTo(room);
    assertThat(delivered.get("sentAt").asString()).endsWith("Z");
  }
}
