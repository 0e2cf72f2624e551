package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

@ClientPath.EveryPath
public class RoomTopicTests extends RealtimeTestBase {

  @Test
  void deliversAMessageToEveryMemberAndReceiptsTheSender() {
    String room = groupOf("alice", "bob");
    var alice = connect("alice");
    var bob = connect("bob");
    alice.subscribeAndWait("a", "/topic/rooms." + room);
    bob.subscribeAndWait("b", "/topic/rooms." + room);

    alice.sendJson("/app/rooms." + room + ".messages", text("c-1", "hello"), "r-1");

    var own = alice.await(f -> f.command().equals("MESSAGE"));
    alice.awaitReceipt("r-1");
    var delivered = json(bob.await(f -> f.command().equals("MESSAGE")));
    assertThat(own.header("subscription")).isEqualTo("a");
    assertThat(own.header("destination")).isEqualTo("/topic/rooms." + room);
    assertThat(delivered.get("type").asString()).isEqualTo("message");
    assertThat(delivered.get("seq").asLong()).isEqualTo(1);
    assertThat(delivered.get("senderId").asString()).isEqualTo("alice");
    assertThat(delivered.get("kind").asString()).isEqualTo("TEXT");
    assertThat(delivered.get("content").asString()).isEqualTo("hello");
    assertThat(delivered.get("clientMsgId").asString()).isEqualTo("c-1");
    assertThat(delivered.get("roomId").asString()).isEqualTo(room);
    assertThat(delivered.get("sentAt").asString()).endsWith("Z");
  }

  @Test
  void aDeliveredMessagesBodyIsItsHistoryJsonWithItsTypeFirst() {
    String room = groupOf("alice", "bob");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    var alice = connect("alice");

    alice.sendJson(
        "/app/rooms." + room + ".messages", text("c-1", "quote \\\" and ünïcödé 🎉"), "r-1");

    String body = bob.await(f -> f.command().equals("MESSAGE")).body();
    String page = client.get(token("bob"), "/api/v1/rooms/" + room + "/messages").body();
    String stored = page.substring(page.indexOf('[') + 1, page.lastIndexOf(']'));
    assertThat(body).isEqualTo("{\"type\":\"message\"," + stored.substring(1));
  }

  @Test
  void receiptsOnlyWhatHistoryAlreadyHolds() {
    String room = groupOf("alice");
    var alice = connect("alice");
    for (int i = 1; i <= 20; i++) {
      alice.sendJson("/app/rooms." + room + ".messages", text("c-" + i, "m" + i), "r-" + i);
      alice.awaitReceipt("r-" + i);
      var history = get(token("alice"), "/api/v1/rooms/" + room + "/messages?limit=1");
      assertThat(history.get("messages").get(0).get("clientMsgId").asString()).isEqualTo("c-" + i);
    }
  }

  @Test
  void receiptsARetryWithTheOriginalAndDeliversNothingNew() {
    String room = groupOf("alice", "bob");
    var alice = connect("alice");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);

    alice.sendJson("/app/rooms." + room + ".messages", text("same", "once"), "r-1");
    alice.awaitReceipt("r-1");
    alice.sendJson("/app/rooms." + room + ".messages", text("same", "once"), "r-2");
    alice.awaitReceipt("r-2");

    assertThat(json(bob.await(f -> f.command().equals("MESSAGE"))).get("seq").asLong())
        .isEqualTo(1);
    assertThat(bob.poll(Duration.ofMillis(500))).isNull();
    assertThat(get(token("alice"), "/api/v1/rooms/" + room + "/messages").get("messages"))
        .hasSize(1);
  }

  @Test
  void deliversMessagesPostedOverRestLikeStompOnes() {
    String room = groupOf("alice", "bob");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    post(token("alice"), "/api/v1/rooms/" + room + "/messages", text("rest-1", "via rest"));
    var delivered = json(bob.await(f -> f.command().equals("MESSAGE")));
    assertThat(delivered.get("content").asString()).isEqualTo("via rest");
    assertThat(delivered.get("clientMsgId").asString()).isEqualTo("rest-1");
  }

  @Test
  void neverLosesTheOwnMessageWhenSendingRightAfterSubscribing() {
    String room = groupOf("alice");
    for (int i = 0; i < 30; i++) {
      var alice = connect("alice");
      // why: no receipt wait on purpose: the SEND is queued right behind the SUBSCRIBE
      alice.subscribe("s", "/topic/rooms." + room);
      alice.sendJson("/app/rooms." + room + ".messages", text("flow-" + i, "x"), null);
      String seen =
          json(alice.await(f -> f.command().equals("MESSAGE"), Duration.ofSeconds(5)))
              .get("clientMsgId")
              .asString();
      assertThat(seen).isEqualTo("flow-" + i);
      alice.close();
    }
  }

  @Test
  void deliversARoomsMessagesToEveryReceiverInSeqOrderUnderConcurrentSenders() throws Exception {
    int senders = 8;
    int perSender = 50;
    String[] users = new String[senders];
    for (int i = 0; i < senders; i++) {
      users[i] = "sender" + i;
    }
    String room = groupOf("watcher", users);
    var watcher = connect("watcher");
    watcher.subscribeAndWait("w", "/topic/rooms." + room);
    var clients = new ArrayList<StompTestClient>();
    for (String user : users) {
      var client = connect(user);
      client.subscribeAndWait("s", "/topic/rooms." + room);
      clients.add(client);
    }
    var threads = new ArrayList<Thread>();
    for (int i = 0; i < senders; i++) {
      var client = clients.get(i);
      String user = users[i];
      threads.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    for (int m = 0; m < perSender; m++) {
                      client.sendJson(
                          "/app/rooms." + room + ".messages", text(user + "-" + m, "x"), null);
                    }
                  }));
    }
    for (Thread t : threads) {
      t.join();
    }
    int total = senders * perSender;
    var expected = LongStream.rangeClosed(1, total).boxed().toList();
    assertThat(seqs(watcher, total)).containsExactlyElementsOf(expected);
    for (var client : clients) {
      assertThat(seqs(client, total)).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void showsJoinsAndLeavesAsEventsAndStopsDeliveringToTheLeaver() {
    String room = groupOf("alice", "bob");
    var alice = connect("alice");
    var bob = connect("bob");
    alice.subscribeAndWait("a", "/topic/rooms." + room);
    bob.subscribeAndWait("b", "/topic/rooms." + room);

    post(token("alice"), "/api/v1/rooms/" + room + "/members", "{\"userId\":\"carol\"}");
    var joined = json(alice.await(f -> f.body().contains("member.joined")));
    assertThat(joined.get("userId").asString()).isEqualTo("carol");

    delete(token("bob"), "/api/v1/rooms/" + room + "/members/bob");
    var left = json(alice.await(f -> f.body().contains("member.left")));
    assertThat(left.get("userId").asString()).isEqualTo("bob");
    bob.await(f -> f.body().contains("member.left"));

    post(
        token("alice"),
        "/api/v1/rooms/" + room + "/messages",
        text("after-leave", "bob must not see this"));
    alice.await(f -> f.body().contains("after-leave"));
    var leak = bob.poll(Duration.ofMillis(500));
    assertThat(leak == null ? "" : leak.body()).doesNotContain("after-leave");
  }

  @Test
  void tellsAUserAboutRoomsTheyJoinOnTheirRoomsQueue() {
    var carol = connect("carol");
    carol.subscribeAndWait("q", "/user/queue/rooms");
    String room = groupOf("alice", "carol");
    var event = json(carol.await(f -> f.body().contains("room.joined")));
    assertThat(event.get("room").get("id").asString()).isEqualTo(room);
  }

  @Test
  void movesReadMarkersAndShowsThemToMembers() {
    String room = groupOf("alice", "bob");
    var alice = connect("alice");
    var bob = connect("bob");
    alice.subscribeAndWait("a", "/topic/rooms." + room);
    for (int i = 1; i <= 3; i++) {
      post(token("alice"), "/api/v1/rooms/" + room + "/messages", text("m" + i, "x"));
    }
    assertThat(unread("bob", room)).isEqualTo(3);

    bob.sendJson("/app/rooms." + room + ".read", "{\"seq\":2}", "r");
    bob.awaitReceipt("r");

    var read = json(alice.await(f -> f.body().contains("\"type\":\"read\"")));
    assertThat(read.get("userId").asString()).isEqualTo("bob");
    assertThat(read.get("seq").asLong()).isEqualTo(2);
    assertThat(unread("bob", room)).isEqualTo(1);
  }

  @Test
  void sendsTypingToOthersWithoutStoringIt() {
    String room = groupOf("alice", "bob");
    var alice = connect("alice");
    var bob = connect("bob");
    alice.subscribeAndWait("a", "/topic/rooms." + room);
    bob.sendJson("/app/rooms." + room + ".typing", "", null);
    var typing = json(alice.await(f -> f.body().contains("\"type\":\"typing\"")));
    assertThat(typing.get("userId").asString()).isEqualTo("bob");
    assertThat(get(token("alice"), "/api/v1/rooms/" + room + "/messages").get("messages"))
        .isEmpty();
  }

  private long unread(String user, String room) {
    return get(token(user), "/api/v1/rooms/" + room).get("unreadCount").asLong();
  }

  public static List<Long> seqs(StompTestClient client, int count) {
    var seqs = new ArrayList<Long>();
    while (seqs.size() < count) {
      var frame =
          client.await(
              f -> f.command().equals("MESSAGE") && f.body().contains("\"type\":\"message\""));
      seqs.add(json(frame).get("seq").asLong());
    }
    return seqs;
  }
}
