package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.CapturedLog;
import io.dugout.fastpath.TestHotReads;
import io.dugout.system.UserHash;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The front answers hot reads itself, one request at a time and in order, and makes a connection
 * Tomcat's from its first request it does not answer, with that request's bytes and all after.
 */
class HotReadHandlerTests {

  private static final String HOT = "/api/v1/rooms/%s/messages?limit=5";

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final ArrayDeque<Runnable> answering = new ArrayDeque<>();
  private final Recorder relay = new Recorder();
  private final EmbeddedChannel channel =
      new EmbeddedChannel(
          new HotReadHandler(
              TestHotReads.create(meters),
              () -> relay,
              answering::add,
              false,
              TimeUnit.SECONDS.toNanos(20)));

  @Test
  void answersAHotReadWithTheLeanDoorsHeadersAndKeepsTheConnection() {
    write(get("room-1", "Bearer " + TestHotReads.GOOD));
    answerAll();

    String response = response();
    String body = TestHotReads.body("room-1");
    assertThat(response)
        .startsWith("HTTP/1.1 200 \r\n")
        .contains("\r\nContent-Type: application/json\r\n")
        .contains("\r\nContent-Length: " + body.length() + "\r\n")
        .contains("\r\nX-Content-Type-Options: nosniff\r\n")
        .contains("\r\nX-Frame-Options: DENY\r\n")
        .contains("\r\nCache-Control: no-cache, no-store, max-age=0, must-revalidate\r\n")
        .containsPattern("\r\nDate: \\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\r\n")
        .endsWith("\r\n\r\n" + body);
    assertThat(relay.text()).isEmpty();
    assertThat(channel.pipeline().get(HotReadHandler.class)).isNotNull();
    assertThat(channel.isOpen()).isTrue();
    assertThat(counted("answered")).isEqualTo(1);
  }

  @Test
  void writesWhatItAnswersToTheAccessLogAsTomcatsDoorWould() {
    var logged =
        new EmbeddedChannel(
            new HotReadHandler(
                TestHotReads.create(meters),
                () -> relay,
                Runnable::run,
                true,
                TimeUnit.SECONDS.toNanos(20)));
    try (var log = CapturedLog.of("dugout.access")) {
      logged.writeInbound(
          Unpooled.copiedBuffer(
              get("room-1", "Bearer " + TestHotReads.GOOD), StandardCharsets.US_ASCII));
      logged.runPendingTasks();

      assertThat(log.lines())
          .singleElement()
          .asString()
          .startsWith("method=GET route=" + TestHotReads.TEMPLATE + " status=200 duration_ms=")
          .endsWith(" user=" + UserHash.of("alice"));
    }
    ((ByteBuf) logged.readOutbound()).release();
  }

  @Test
  void answersPipelinedRequestsOneAtATimeInOrder() {
    write(get("a", "Bearer " + TestHotReads.GOOD) + get("b", "Bearer " + TestHotReads.GOOD));

    assertThat(answering).as("the second waits for the first's answer").hasSize(1);
    assertThat(channel.config().isAutoRead()).isFalse();
    answering.poll().run();
    channel.runPendingTasks();
    assertThat(response()).endsWith(TestHotReads.body("a"));
    assertThat(answering).hasSize(1);
    answerAll();
    assertThat(response()).endsWith(TestHotReads.body("b"));
    assertThat(channel.config().isAutoRead()).isTrue();
  }

  @Test
  void handlesNoFurtherRequestWhileTheClientTakesNoAnswers() {
    String a = get("a", "Bearer " + TestHotReads.GOOD);
    String b = get("b", "Bearer " + TestHotReads.GOOD);
    write(a + b);
    clientTakesAnswers(false);
    answering.poll().run();
    channel.runPendingTasks();

    assertThat(response()).endsWith(TestHotReads.body("a"));
    assertThat(answering).as("the second waits for the client").isEmpty();
    assertThat(channel.config().isAutoRead()).isFalse();

    clientTakesAnswers(true);
    answerAll();
    assertThat(response()).endsWith(TestHotReads.body("b"));
    assertThat(channel.config().isAutoRead()).isTrue();
  }

  @Test
  void asksNothingMoreOfTheSocketOnceTheClientEndedItsInput() {
    write(get("a", "Bearer " + TestHotReads.GOOD) + get("b", "Bearer " + TestHotReads.GOOD));
    channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
    answerAll();

    assertThat(response()).endsWith(TestHotReads.body("a"));
    assertThat(response()).endsWith(TestHotReads.body("b"));
    assertThat(channel.config().isAutoRead()).as("left as it was once the input ended").isFalse();
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void waitsForTheWholeHeadEvenInPieces() {
    String request = get("room-1", "Bearer " + TestHotReads.GOOD);
    for (int i = 0; i < request.length(); i += 7) {
      write(request.substring(i, Math.min(request.length(), i + 7)));
    }
    answerAll();

    assertThat(response()).endsWith(TestHotReads.body("room-1"));
  }

  @Test
  void handsTheFirstOtherRequestAndEverythingAfterItToTomcat() {
    String other = "POST /api/v1/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}";
    String hot = get("b", "Bearer " + TestHotReads.GOOD);
    write(get("a", "Bearer " + TestHotReads.GOOD) + other + hot);
    answerAll();

    assertThat(response()).endsWith(TestHotReads.body("a"));
    assertThat(relay.text()).isEqualTo(other + hot);
    assertThat(channel.pipeline().get(HotReadHandler.class)).isNull();
    write("more");
    assertThat(relay.text()).endsWith("more");
    assertThat((Object) channel.readOutbound()).as("nothing else answered here").isNull();
  }

  @Test
  void leavesEveryRequestTheLeanDoorDeclinesToTomcatUntouched() {
    for (String request :
        List.of(
            get("room-1", "Bearer bad.token.sig"),
            get("room-1", null),
            get("forbidden", "Bearer " + TestHotReads.GOOD),
            get("room-1", "Bearer " + TestHotReads.GOOD).replace("limit=5", "limit=%35"),
            get("room-1", "Bearer " + TestHotReads.GOOD)
                .replace("\r\n\r\n", "\r\nAccept: text/html\r\n\r\n"),
            get("room-1", "Bearer " + TestHotReads.GOOD)
                .replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"),
            get("room-1", "Bearer " + TestHotReads.GOOD).replace("GET", "HEAD"),
            "GET /api/v1/rooms/r/members HTTP/1.1\r\nHost: x\r\n\r\n")) {
      var relay = new Recorder();
      var channel =
          new EmbeddedChannel(
              new HotReadHandler(
                  TestHotReads.create(meters), () -> relay, Runnable::run, false, 1_000_000_000L));
      channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));
      channel.runPendingTasks();

      assertThat(relay.text()).as(request).isEqualTo(request);
      assertThat((Object) channel.readOutbound()).as(request).isNull();
    }
    assertThat(counted("answered")).isZero();
    assertThat(counted("passed")).as("Tomcat's door counts what it passes on").isZero();
  }

  @Test
  void handsARequestWhoseAnswerFailedWithAnErrorToTomcat() {
    String request = get("broken", "Bearer " + TestHotReads.GOOD);
    write(request);

    assertThatThrownBy(() -> answering.poll().run()).isInstanceOf(AssertionError.class);
    channel.runPendingTasks();

    assertThat(relay.text()).isEqualTo(request);
    assertThat(channel.pipeline().get(HotReadHandler.class)).isNull();
  }

  @Test
  void answersARequestSentBeforeAHalfCloseAndThenCloses() {
    write(get("room-1", "Bearer " + TestHotReads.GOOD));
    channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
    assertThat(channel.isOpen()).isTrue();
    answerAll();

    assertThat(response()).endsWith(TestHotReads.body("room-1"));
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void handsAnUnfinishedRequestAndTheHalfCloseToTomcat() {
    write("GET /api/v1/rooms/r/mess");
    channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);

    assertThat(relay.text()).isEqualTo("GET /api/v1/rooms/r/mess");
    assertThat(relay.events).containsExactly(ChannelInputShutdownEvent.INSTANCE);
  }

  @Test
  void closesAConnectionThatWaitsTooLongForItsNextRequest() {
    write(get("room-1", "Bearer " + TestHotReads.GOOD));
    answerAll();
    response();
    channel.advanceTimeBy(15, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();
    write(get("room-2", "Bearer " + TestHotReads.GOOD));
    answerAll();
    response();
    channel.advanceTimeBy(15, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();
    assertThat(channel.isOpen()).as("a request came within the time").isTrue();

    channel.advanceTimeBy(6, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();
    assertThat(channel.isOpen()).isFalse();
  }

  private static String get(String room, String authorization) {
    return "GET "
        + HOT.formatted(room)
        + " HTTP/1.1\r\nHost: localhost\r\n"
        + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
        + "\r\n";
  }

  private void write(String text) {
    channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
  }

  /** Makes the channel writable or not, as a client reading its answers or not would. */
  private void clientTakesAnswers(boolean takes) {
    channel.unsafe().outboundBuffer().setUserDefinedWritability(1, takes);
    channel.runPendingTasks();
  }

  private void answerAll() {
    while (!answering.isEmpty()) {
      answering.poll().run();
      channel.runPendingTasks();
    }
  }

  private String response() {
    ByteBuf out = channel.readOutbound();
    assertThat(out).as("an answer was written").isNotNull();
    try {
      return out.toString(StandardCharsets.UTF_8);
    } finally {
      out.release();
    }
  }

  private double counted(String outcome) {
    var counter = meters.find("dugout.http.lean.requests").tag("outcome", outcome).counter();
    return counter == null ? 0 : counter.count();
  }

  /** Keeps the bytes and events that reach it. */
  private static final class Recorder extends ChannelInboundHandlerAdapter {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final List<Object> events = new ArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
      ByteBuf buffer = (ByteBuf) message;
      bytes.writeBytes(ByteBufUtil.getBytes(buffer));
      buffer.release();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
      events.add(event);
    }

    String text() {
      return bytes.toString(StandardCharsets.US_ASCII);
    }
  }
}
