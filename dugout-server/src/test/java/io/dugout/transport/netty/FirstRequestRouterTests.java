package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first-request router sends a connection that opens with a strict WebSocket handshake at
 * {@code /ws} to the listener's handlers and every other connection to the relay, with every byte
 * read so far, in order, and then leaves.
 */
class FirstRequestRouterTests {

  private static final String HANDSHAKE =
      "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

  private final ChannelInboundHandlerAdapter codec = new ChannelInboundHandlerAdapter();
  private final Recorder listener = new Recorder();
  private final Recorder relay = new Recorder();
  private final EmbeddedChannel channel =
      new EmbeddedChannel(
          new FirstRequestRouter(() -> relay, TimeUnit.SECONDS.toNanos(20)), codec, listener);

  @Test
  void keepsAWebSocketHandshakeWithTheListenerEvenWhenItArrivesInPieces() {
    write("GE");
    assertThat(channel.pipeline().get(FirstRequestRouter.class)).isNotNull();
    write("T /w");
    write(HANDSHAKE.substring(6));

    assertThat(listener.text()).isEqualTo(HANDSHAKE);
    assertThat(relay.text()).isEmpty();
    assertThat(channel.pipeline().get(FirstRequestRouter.class)).isNull();
    write("more");
    assertThat(listener.text()).endsWith("more");
  }

  @Test
  void keepsAHandshakeWithAQueryWithTheListener() {
    write(HANDSHAKE.replace("/ws", "/ws?token=1"));

    assertThat(listener.text()).startsWith("GET /ws?token=1");
    assertThat(relay.text()).isEmpty();
  }

  static Stream<String> handshakesTomcatMayReadOtherwise() {
    return Stream.of(
        "GET /ws HTTP/1.1\r\nHost: x\r\n\r\n",
        HANDSHAKE.replace("Host: x", "Host: a:b:c"),
        HANDSHAKE.replace("Host: x\r\n", ""),
        HANDSHAKE.replace("\r\n\r\n", "\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n"),
        HANDSHAKE.replace("Version: 13", "Version: 8"),
        HANDSHAKE.replace("HTTP/1.1", "HTTP/1.0"),
        HANDSHAKE.replace("\r\n", "\n"),
        HANDSHAKE.replace("/ws ", "/ws?a{b "));
  }

  @ParameterizedTest
  @MethodSource("handshakesTomcatMayReadOtherwise")
  void relaysAHandshakeWhoseHeadIsNotStrictForTomcatToJudge(String head) {
    write(head);

    assertThat(relay.text()).isEqualTo(head);
    assertThat(listener.text()).isEmpty();
  }

  @Test
  void waitsForTheWholeHandshakeHeadBeforeChoosing() {
    write(HANDSHAKE.substring(0, HANDSHAKE.length() - 2));

    assertThat(channel.pipeline().get(FirstRequestRouter.class)).isNotNull();
    assertThat(listener.text()).isEmpty();
    assertThat(relay.text()).isEmpty();
  }

  @Test
  void relaysAnyOtherRequestWithItsBytesAndDropsTheListenersHandlers() {
    String request = "POST /api/v1/rooms HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}";

    write(request.substring(0, 3));
    write(request.substring(3));
    write("GET /ws HTTP/1.1\r\n\r\n");

    assertThat(relay.text()).isEqualTo(request + "GET /ws HTTP/1.1\r\n\r\n");
    assertThat(listener.text()).isEmpty();
    assertThat(channel.pipeline().get(FirstRequestRouter.class)).isNull();
    assertThat(channel.pipeline().toMap().values()).doesNotContain(codec, listener);
  }

  @Test
  void relaysPathsThatOnlyBeginWithWs() {
    write("GET /wsx HTTP/1.1\r\n\r\n");

    assertThat(relay.text()).startsWith("GET /wsx");
    assertThat(listener.text()).isEmpty();
  }

  @Test
  void relaysBytesThatAreNotHttpAtTheFirstByte() {
    channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x16, 0x03}));

    assertThat(relay.bytes.toByteArray()).containsExactly(0x16, 0x03);
  }

  @Test
  void closesAConnectionThatSendsNoRequestLine() {
    write("GET /");
    channel.advanceTimeBy(21, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();

    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void closesAConnectionThatSendsHalfAHandshakeHead() {
    write("GET /ws HTTP/1.1\r\nHost: x\r\n");
    channel.advanceTimeBy(21, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();

    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void leavesAConnectionThatChoseInTimeOpen() {
    write(HANDSHAKE);
    channel.advanceTimeBy(21, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();

    assertThat(channel.isOpen()).isTrue();
  }

  private void write(String text) {
    channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
  }

  /** Keeps the bytes that reach it. */
  private static final class Recorder extends ChannelInboundHandlerAdapter {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
      ByteBuf buffer = (ByteBuf) message;
      bytes.writeBytes(ByteBufUtil.getBytes(buffer));
      buffer.release();
    }

    String text() {
      return bytes.toString(StandardCharsets.US_ASCII);
    }
  }
}
