package io.dugout.loadtest.floor;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The broker's frame handling on in-memory channels: what each client frame gets back. */
class FloorStompSessionTests {

  private final Map<String, FloorTopic> topics = new ConcurrentHashMap<>();

  @Test
  void answersConnectWithConnectedWithoutCheckingTheToken() {
    EmbeddedChannel alice = session();

    alice.writeInbound(frame("CONNECT\naccept-version:1.2\nAuthorization:Bearer not-a-jwt\n\n\0"));

    assertThat(written(alice))
        .containsExactly("CONNECTED\nversion:1.2\nheart-beat:0,0\nserver:dugout-floor\n\n\0");
  }

  @Test
  void sendsAReceiptOnceTheSubscriptionIsLive() {
    EmbeddedChannel bob = connected("bob");

    bob.writeInbound(frame("SUBSCRIBE\nid:room\ndestination:/topic/rooms.r1\nreceipt:r-1\n\n\0"));

    assertThat(written(bob)).containsExactly("RECEIPT\nreceipt-id:r-1\n\n\0");
    assertThat(topics).containsKey("/topic/rooms.r1");
  }

  @Test
  void turnsASendIntoTheMessageDugoutSendsToEverySubscriberOfTheRoom() {
    EmbeddedChannel alice = connected("alice");
    EmbeddedChannel bob = connected("bob");
    EmbeddedChannel carol = connected("carol");
    alice.writeInbound(frame("SUBSCRIBE\nid:a-room\ndestination:/topic/rooms.r1\n\n\0"));
    bob.writeInbound(frame("SUBSCRIBE\nid:b-room\ndestination:/topic/rooms.r1\n\n\0"));
    carol.writeInbound(frame("SUBSCRIBE\nid:c-room\ndestination:/topic/rooms.r2\n\n\0"));

    String body =
        "{\"clientMsgId\":\"lt-0-1-99\",\"kind\":\"TEXT\",\"content\":\"say \\\"hi\\\"\"}";
    alice.writeInbound(
        frame(
            "SEND\ndestination:/app/rooms.r1.messages\ncontent-type:application/json\n"
                + "content-length:"
                + body.length()
                + "\n\n"
                + body
                + "\0"));

    List<String> toBob = written(bob);
    assertThat(toBob).hasSize(1);
    String message = toBob.getFirst();
    assertThat(message)
        .startsWith(
            "MESSAGE\ndestination:/topic/rooms.r1\nmessage-id:r1-1\nsubscription:b-room\n"
                + "content-type:application/json\ncontent-length:")
        .endsWith("\0");
    String json = message.substring(message.indexOf("\n\n") + 2, message.length() - 1);
    assertThat(json)
        .startsWith(
            "{\"type\":\"message\",\"roomId\":\"r1\",\"seq\":1,\"senderId\":\"alice\","
                + "\"kind\":\"TEXT\",\"content\":\"say \\\"hi\\\"\",\"attachments\":[],"
                + "\"clientMsgId\":\"lt-0-1-99\",\"sentAt\":\"")
        .endsWith("Z\"}");
    assertThat(message)
        .contains("content-length:" + json.getBytes(StandardCharsets.UTF_8).length + "\n\n");
    assertThat(written(alice)).singleElement().asString().contains("subscription:a-room");
    assertThat(written(carol)).as("another room's subscriber").isEmpty();
  }

  @Test
  void numbersEachRoomsMessagesFromOneWithoutGaps() {
    EmbeddedChannel alice = connected("alice");
    alice.writeInbound(frame("SUBSCRIBE\nid:r1\ndestination:/topic/rooms.r1\n\n\0"));
    alice.writeInbound(frame("SUBSCRIBE\nid:r2\ndestination:/topic/rooms.r2\n\n\0"));

    alice.writeInbound(frame(send("r1", 1) + send("r2", 2) + "\n" + send("r1", 3)));
    alice.writeInbound(frame(send("r1", 4)));

    assertThat(written(alice))
        .extracting(m -> m.substring(m.indexOf("message-id:"), m.indexOf("\nsubscription")))
        .containsExactly(
            "message-id:r1-1", "message-id:r2-1", "message-id:r1-2", "message-id:r1-3");
  }

  @Test
  void turnsAnEditOrAReactionIntoAChangeEntryWithTheRoomsNextSeq() {
    EmbeddedChannel bob = connected("bob");
    bob.writeInbound(frame("SUBSCRIBE\nid:room\ndestination:/topic/rooms.r1\n\n\0"));

    bob.writeInbound(frame(send("r1", 1)));
    bob.writeInbound(
        frame(
            "SEND\ndestination:/app/rooms.r1.edit\n\n"
                + "{\"clientMsgId\":\"lt-0-2-1\",\"seq\":1,\"content\":\"y\"}\0"));
    bob.writeInbound(
        frame(
            "SEND\ndestination:/app/rooms.r1.react\n\n"
                + "{\"clientMsgId\":\"lt-0-3-1\",\"seq\":1,\"emoji\":\"\uD83D\uDC4D\"}\0"));

    List<String> bodies =
        written(bob).stream().map(m -> m.substring(m.indexOf("\n\n") + 2)).toList();
    assertThat(bodies).hasSize(3);
    assertThat(bodies.get(1))
        .startsWith(
            "{\"type\":\"message.edited\",\"roomId\":\"r1\",\"seq\":2,\"senderId\":\"bob\","
                + "\"clientMsgId\":\"lt-0-2-1\",")
        .contains("\"change\":\"message.edited\",\"targetSeq\":1}");
    assertThat(bodies.get(2))
        .startsWith("{\"type\":\"reaction.added\",\"roomId\":\"r1\",\"seq\":3,")
        .contains("\"targetSeq\":1,\"emoji\":\"\uD83D\uDC4D\"}");
  }

  @Test
  void forgetsTheSubscriptionsOfAClosedSessionAndAnswersDisconnect() {
    EmbeddedChannel alice = connected("alice");
    EmbeddedChannel bob = connected("bob");
    bob.writeInbound(frame("SUBSCRIBE\nid:room\ndestination:/topic/rooms.r1\n\n\0"));
    bob.writeInbound(frame("DISCONNECT\nreceipt:bye\n\n\0"));

    assertThat(written(bob)).containsExactly("RECEIPT\nreceipt-id:bye\n\n\0");
    assertThat(bob.isOpen()).isFalse();
    assertThat(topics.get("/topic/rooms.r1").subscriberCount()).isZero();
  }

  @Test
  void readsTheSenderFromTheTokensSubjectAndFallsBackToAnonymous() {
    assertThat(FloorStompSession.subjectOf("Bearer " + jwt("lt-user-7"))).isEqualTo("lt-user-7");
    assertThat(FloorStompSession.subjectOf("Bearer garbage")).isEqualTo("anonymous");
    assertThat(FloorStompSession.subjectOf(null)).isEqualTo("anonymous");
  }

  private EmbeddedChannel session() {
    return new EmbeddedChannel(
        new FloorStompSession(destination -> topics.computeIfAbsent(destination, FloorTopic::new)));
  }

  private EmbeddedChannel connected(String user) {
    EmbeddedChannel channel = session();
    channel.writeInbound(
        frame("CONNECT\naccept-version:1.2\nAuthorization:Bearer " + jwt(user) + "\n\n\0"));
    written(channel);
    return channel;
  }

  private static String send(String room, int counter) {
    String body =
        "{\"clientMsgId\":\"lt-0-" + counter + "-1\",\"kind\":\"TEXT\",\"content\":\"x\"}";
    return "SEND\ndestination:/app/rooms." + room + ".messages\n\n" + body + "\0";
  }

  private static String jwt(String subject) {
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    return base64.encodeToString("{\"alg\":\"HS256\"}".getBytes())
        + "."
        + base64.encodeToString(("{\"sub\":\"" + subject + "\",\"iat\":1}").getBytes())
        + ".signature";
  }

  private static TextWebSocketFrame frame(String text) {
    return new TextWebSocketFrame(text);
  }

  /** Runs the channel's queued writes and returns the frames it wrote, as text. */
  private static List<String> written(EmbeddedChannel channel) {
    channel.runPendingTasks();
    List<String> frames = new ArrayList<>();
    for (Object out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
      TextWebSocketFrame frame = (TextWebSocketFrame) out;
      frames.add(frame.text());
      frame.release();
    }
    return frames;
  }
}
