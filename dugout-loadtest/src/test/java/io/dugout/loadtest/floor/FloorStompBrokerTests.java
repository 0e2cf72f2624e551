package io.dugout.loadtest.floor;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.SendStamp;
import io.dugout.loadtest.stomp.StompClient;
import io.dugout.loadtest.stomp.StompSession;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The broker over real sockets, driven by the load tester's own STOMP client. */
class FloorStompBrokerTests {

  private static final int SENDERS = 4;

  private static final int SENDS_EACH = 200;

  @Test
  void deliversEverySendToEverySubscriberOfItsRoomInSeqOrder() throws Exception {
    try (FloorStompBroker broker = new FloorStompBroker(2);
        StompClient client =
            new StompClient(
                URI.create("ws://127.0.0.1:" + broker.base().getPort() + "/ws"),
                SENDERS,
                Duration.ofSeconds(5))) {
      List<ConcurrentLinkedQueue<Delivery>> inbox = new ArrayList<>();
      List<StompSession> sessions = new ArrayList<>();
      for (int user = 0; user < SENDERS + 1; user++) {
        ConcurrentLinkedQueue<Delivery> received = new ConcurrentLinkedQueue<>();
        inbox.add(received);
        StompSession session =
            client.connect(user, "token", received::add).get(5, TimeUnit.SECONDS);
        String room = user < SENDERS ? "busy" : "quiet";
        session
            .subscribeWithReceipt("sub-" + user, "/topic/rooms." + room)
            .get(5, TimeUnit.SECONDS);
        sessions.add(session);
      }

      // why: senders on different I/O threads of both sides, so the broker's threads race
      for (int counter = 0; counter < SENDS_EACH; counter++) {
        for (int sender = 0; sender < SENDERS; sender++) {
          SendStamp stamp = new SendStamp(sender, counter, SendStamp.now());
          sessions
              .get(sender)
              .send(
                  "/app/rooms.busy.messages",
                  "{\"clientMsgId\":\""
                      + stamp.clientMsgId()
                      + "\",\"kind\":\"TEXT\",\"content\":\"x\"}");
        }
      }

      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (inbox.subList(0, SENDERS).stream().anyMatch(q -> q.size() < SENDERS * SENDS_EACH)
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      for (int user = 0; user < SENDERS; user++) {
        List<Delivery> got = List.copyOf(inbox.get(user));
        assertThat(got).hasSize(SENDERS * SENDS_EACH);
        assertThat(got).extracting(Delivery::subscription).containsOnly("sub-" + user);
        for (int i = 0; i < got.size(); i++) {
          assertThat(got.get(i).seq()).as("delivery %d to user %d", i, user).isEqualTo(i + 1);
        }
        for (int sender = 0; sender < SENDERS; sender++) {
          int from = sender;
          assertThat(
                  got.stream()
                      .map(Delivery::stamp)
                      .filter(stamp -> stamp.sender() == from)
                      .map(SendStamp::counter)
                      .toList())
              .as("sender %d's messages in the order sent", sender)
              .isSorted()
              .hasSize(SENDS_EACH);
        }
      }
      assertThat(inbox.get(SENDERS)).as("the other room's subscriber").isEmpty();
      sessions.forEach(StompSession::disconnect);
    }
  }
}
