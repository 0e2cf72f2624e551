package io.dugout.realtime;

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
import org.junit.jupiter.api.Test;

/**
 * The front door sends a connection that opens with {@code GET /ws} to the listener's handlers and
 * every other connection to the relay, with every byte read so far, in order, and then leaves.
 */
class FrontDoorTests {

  private final ChannelInboundHandlerAdapter codec = new ChannelInboundHandlerAdapter();
  private final Recorder listener = new Recorder();
  private final Recorder relay = new Recorder();
  private final EmbeddedChannel channel =
      new EmbeddedChannel(
          new FrontDoor(() -> relay, TimeUnit.SECONDS.toNanos(20)), codec, listener);

  @Test
  void keepsAWebSocketHandshakeWithTheListenerEvenWhenItArrivesInPieces() {
    String handshake = "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n";

    write("GE");
    assertThat(channel.pipeline().get(FrontDoor.class)).isNotNull();
    write("T /w");
    write(handshake.substring(6));

    assertThat(listener.text()).isEqualTo(handshake);
    assertThat(relay.text()).isEmpty();
    assertThat(channel.pipeline().get(FrontDoor.class)).isNull();
    write("more");
    assertThat(listener.text()).endsWith("more");
  }

  @Test
  void keepsAHandshakeWithAQueryWithTheListener() {
    write("GET /ws?token=1 HTTP/1.1\r\n\r\n");

    assertThat(listener.text()).startsWith("GET /ws?token=1");
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
    assertThat(channel.pipeline().get(FrontDoor.class)).isNull();
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
  void leavesAConnectionThatChoseInTimeOpen() {
    write("GET /ws HTTP/1.1\r\n\r\n");
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
