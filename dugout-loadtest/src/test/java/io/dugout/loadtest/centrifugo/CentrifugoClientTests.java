package io.dugout.loadtest.centrifugo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.loadtest.api.HmacTokenSource;
import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.LiveSession;
import io.dugout.loadtest.stomp.SendStamp;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CentrifugoClientTests {

  private static final HmacTokenSource TOKENS =
      new HmacTokenSource("any-secret-the-fake-does-not-check-0123456789");

  private FakeCentrifugo server;

  private CentrifugoClient client;

  @BeforeEach
  void start() {
    server = new FakeCentrifugo();
    client = new CentrifugoClient(server.endpoint(), 1, Duration.ofSeconds(5));
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  @Test
  void aRoomsSendsReachEverySubscriberWithTheChannelsOffsetAsSeqAndTheSendStamp() throws Exception {
    BlockingQueue<Delivery> alice = new LinkedBlockingQueue<>();
    BlockingQueue<Delivery> bob = new LinkedBlockingQueue<>();
    LiveSession aliceSession = connect(0, "alice", alice);
    LiveSession bobSession = connect(1, "bob", bob);
    aliceSession.subscribeWithReceipt("room", "/topic/rooms.r1").get(5, TimeUnit.SECONDS);
    bobSession.subscribeWithReceipt("room", "/topic/rooms.r1").get(5, TimeUnit.SECONDS);

    SendStamp first = new SendStamp(0, 1, SendStamp.now());
    SendStamp second = new SendStamp(0, 2, SendStamp.now());
    aliceSession.send("/app/rooms.r1.messages", body(first));
    aliceSession.send("/app/rooms.r1.messages", body(second));

    for (BlockingQueue<Delivery> deliveries : java.util.List.of(alice, bob)) {
      Delivery one = deliveries.poll(5, TimeUnit.SECONDS);
      Delivery two = deliveries.poll(5, TimeUnit.SECONDS);
      assertThat(one.seq()).isEqualTo(1);
      assertThat(one.stamp()).isEqualTo(first);
      assertThat(one.subscription()).isEqualTo(CentrifugoHandler.ROOM_SUBSCRIPTION);
      assertThat(two.seq()).isEqualTo(2);
      assertThat(two.stamp()).isEqualTo(second);
    }
    assertThat(server.subjects()).containsExactly("alice", "bob");
  }

  @Test
  void thePublishersOwnCopyArrivesInTheSameFrameAsThePublishReply() throws Exception {
    BlockingQueue<Delivery> deliveries = new LinkedBlockingQueue<>();
    LiveSession session = connect(0, "alice", deliveries);
    session.subscribeWithReceipt("room", "/topic/rooms.r2").get(5, TimeUnit.SECONDS);

    SendStamp stamp = new SendStamp(0, 7, SendStamp.now());
    session.send("/app/rooms.r2.messages", body(stamp));

    Delivery echo = deliveries.poll(5, TimeUnit.SECONDS);
    assertThat(echo).isNotNull();
    assertThat(echo.stamp()).isEqualTo(stamp);
  }

  @Test
  void answersTheServersPingWithAPong() throws Exception {
    connect(0, "alice", new LinkedBlockingQueue<>());

    server.ping();

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (server.pongs() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(server.pongs()).isEqualTo(1);
  }

  @Test
  void aRefusedConnectFailsWithTheServersError() {
    assertThatThrownBy(
            () ->
                client
                    .connect(0, TOKENS.userToken("refused"), delivery -> {})
                    .get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining("server refused connect")
        .hasMessageContaining("token expired");
  }

  @Test
  void dugoutsErrorQueueHasNoChannelAndIsNotSubscribed() throws Exception {
    LiveSession session = connect(0, "alice", new LinkedBlockingQueue<>());

    assertThat(session.subscribeWithReceipt("errors", "/user/queue/errors"))
        .succeedsWithin(Duration.ZERO);
    assertThat(CentrifugoSession.channelOf("/user/queue/errors")).isNull();
    assertThat(CentrifugoSession.channelOf("/topic/rooms.abc")).isEqualTo("rooms:abc");
    assertThat(CentrifugoSession.channelOf("/app/rooms.abc.messages")).isEqualTo("rooms:abc");
    assertThatThrownBy(() -> session.send("/app/other", "{}"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private LiveSession connect(int user, String subject, BlockingQueue<Delivery> deliveries)
      throws Exception {
    return client
        .connect(user, TOKENS.userToken(subject), deliveries::add)
        .get(5, TimeUnit.SECONDS);
  }

  private static String body(SendStamp stamp) {
    return "{\"clientMsgId\":\"" + stamp.clientMsgId() + "\",\"kind\":\"TEXT\",\"content\":\"hi\"}";
  }
}
