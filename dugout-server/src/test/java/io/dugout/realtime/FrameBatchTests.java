package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.realtime.stomp.StompFrames;
import io.dugout.transport.netty.LoopFlush;
import io.dugout.transport.netty.Utf8Batch;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both forms of a batch carry the same frames: the listener's UTF-8 bytes, copied from a message's
 * stored parts, are the UTF-8 encoding of the characters a container's writer gets.
 */
class FrameBatchTests {

  private final List<Outgoing> frames =
      List.of(
          new Outgoing.Text(StompFrames.receipt("r-1")),
          new Outgoing.Shared(
              StompFrames.message(
                  "/topic/rooms.방:1",
                  "방:1-7",
                  "{\"content\":\"안녕하세요 😀\"}".getBytes(StandardCharsets.UTF_8)),
              "구독-😀",
              "구독-😀".getBytes(StandardCharsets.UTF_8)),
          new Outgoing.Text(StompFrames.error("bad-frame", "é, 가", null)));

  @Test
  void writesTheUtf8OfTheCharactersAContainerGets() {
    var chars = new CharBatch(16);
    var utf8 = batchOn(new EmbeddedChannel());
    frames.forEach(frame -> frame.appendTo(chars));
    frames.forEach(frame -> frame.appendTo(utf8));

    assertThat(utf8.size()).isEqualTo(frames.stream().mapToInt(Outgoing::bytes).sum());
    assertThat(receivedText(utf8)).isEqualTo(chars.toString());
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 125, 126, 127, 65_535, 65_536, 70_000})
  void isOneTextFrameAClientReadsAtEveryLengthOfItsHeader(int length) {
    var batch = batchOn(new EmbeddedChannel());
    String text = "가".repeat(length / 3) + "x".repeat(length % 3);
    batch.append(text);

    assertThat(batch.size()).isEqualTo(length);
    assertThat(receivedText(batch)).isEqualTo(text);
  }

  @Test
  void storesEachMessagesPartsOnceInBothForms() {
    byte[] json = "{\"content\":\"가\"}".getBytes(StandardCharsets.UTF_8);
    var parts = StompFrames.message("/topic/rooms.r:1", "r:1-3", json);

    assertThat(parts.head())
        .isEqualTo("MESSAGE\ndestination:/topic/rooms.r\\c1\nmessage-id:r\\c1-3\nsubscription:");
    assertThat(parts.tail())
        .isEqualTo(
            "\ncontent-type:application/json\ncontent-length:"
                + json.length
                + "\n\n{\"content\":\"가\"}\0");
    assertThat(parts.headUtf8()).isEqualTo(parts.head().getBytes(StandardCharsets.UTF_8));
    assertThat(parts.tailUtf8()).isEqualTo(parts.tail().getBytes(StandardCharsets.UTF_8));
    assertThat(parts.bytes()).isEqualTo(parts.headUtf8().length + parts.tailUtf8().length);
  }

  @Test
  void givesItsBufferBackWhenDiscardedAndNothingOnceHandedOver() {
    var buffers = new RecordingAllocator();
    var channel = new EmbeddedChannel();
    channel.config().setAllocator(buffers);
    var discarded = new Utf8Batch(new LoopFlush(channel), 64);
    discarded.append("RECEIPT\nreceipt-id:1\n\n\0");
    discarded.discard();
    discarded.discard(); // a second discard finds nothing left to release

    var taken = new Utf8Batch(new LoopFlush(channel), 64);
    taken.append("x");
    taken.writeOnLoop(() -> {});
    taken.discard();

    assertThat(buffers.given.get(0).refCnt()).isZero();
    assertThat(buffers.given.get(1).refCnt()).isEqualTo(1);
    channel.finishAndReleaseAll();
    assertThat(buffers.given.get(1).refCnt()).isZero();
  }

  @Test
  void isWrittenAsOneTextFrameOnTheLoopAndThenReportsTheWrite() {
    var channel = new EmbeddedChannel();
    var batch = new Utf8Batch(new LoopFlush(channel), 16);
    batch.append("MESSAGE\n\n가\0");
    var written = new AtomicInteger();

    batch.writeOnLoop(written::incrementAndGet);
    assertThat(written).as("nothing written before the loop runs the task").hasValue(0);
    channel.runPendingTasks();

    assertThat(written).hasValue(1);
    assertThat(batch.isSuccess()).isTrue();
    assertThat(received(channel.readOutbound())).isEqualTo("MESSAGE\n\n가\0");
  }

  @Test
  void leavesWithTheOtherFramesOfTheLoopsPassInOneFlush() throws Exception {
    var loop = new DefaultEventLoop();
    try {
      var socket = new SocketSide();
      var channel = new LocalChannel();
      channel.pipeline().addLast(socket);
      loop.register(channel).sync();
      var flush = new LoopFlush(channel);

      var bothWritten = new CountDownLatch(2);
      // why: handed over from the loop, as a SEND's deliveries are: both writes run in one pass
      loop.submit(
              () -> {
                batch(flush, "1").writeOnLoop(bothWritten::countDown);
                batch(flush, "2").writeOnLoop(bothWritten::countDown);
              })
          .sync();
      assertThat(bothWritten.await(5, TimeUnit.SECONDS)).isTrue();

      assertThat(socket.flushes).as("one flush for both writes").hasValue(1);
      assertThat(socket.received()).containsExactly("MESSAGE\n\n1\0", "MESSAGE\n\n2\0");

      var thirdWritten = new CountDownLatch(1);
      loop.submit(() -> batch(flush, "3").writeOnLoop(thirdWritten::countDown)).sync();
      assertThat(thirdWritten.await(5, TimeUnit.SECONDS)).isTrue();

      assertThat(socket.flushes).as("a later pass flushes again").hasValue(2);
      assertThat(socket.received()).containsExactly("MESSAGE\n\n3\0");
    } finally {
      loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void givesItsBufferBackWhenTheLoopRefusesIt() throws InterruptedException {
    var loop = new DefaultEventLoop();
    var channel = new LocalChannel();
    loop.register(channel).sync();
    loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    var buffers = new RecordingAllocator();
    channel.config().setAllocator(buffers);
    var batch = new Utf8Batch(new LoopFlush(channel), 16);

    assertThatThrownBy(() -> batch.writeOnLoop(() -> {}))
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(buffers.given.get(0).refCnt()).isZero();
  }

  private static Utf8Batch batchOn(EmbeddedChannel channel) {
    return new Utf8Batch(new LoopFlush(channel), 16);
  }

  /** What a client reads from the batch written to a channel: one final text frame's text. */
  private static String receivedText(Utf8Batch batch) {
    var channel = (EmbeddedChannel) batch.channel();
    batch.writeOnLoop(() -> {});
    channel.runPendingTasks();
    return received(channel.readOutbound());
  }

  private static String received(ByteBuf written) {
    // why: a client's decoder, which refuses masked frames from a server
    var client = new EmbeddedChannel(new WebSocket08FrameDecoder(false, false, 1 << 20));
    assertThat(client.writeInbound(written)).isTrue();
    TextWebSocketFrame frame = client.readInbound();
    try {
      assertThat(frame.isFinalFragment()).isTrue();
      assertThat((Object) client.readInbound()).as("one frame").isNull();
      return frame.text();
    } finally {
      frame.release();
      client.finishAndReleaseAll();
    }
  }

  private static Utf8Batch batch(LoopFlush flush, String text) {
    var batch = new Utf8Batch(flush, 16);
    batch.append("MESSAGE\n\n" + text + "\0");
    return batch;
  }

  /**
   * Where the channel's bytes would go to the socket: it takes the frames written and completes
   * their writes when flushed, counting the flushes.
   */
  private static final class SocketSide extends ChannelOutboundHandlerAdapter {
    final AtomicInteger flushes = new AtomicInteger();
    private final List<Object> pending = new ArrayList<>();
    private final List<ByteBuf> flushed = new ArrayList<>();

    @Override
    public synchronized void write(ChannelHandlerContext ctx, Object message, ChannelPromise done) {
      pending.add(message);
      pending.add(done);
    }

    @Override
    public synchronized void flush(ChannelHandlerContext ctx) {
      flushes.incrementAndGet();
      for (int i = 0; i < pending.size(); i += 2) {
        flushed.add((ByteBuf) pending.get(i));
        ((ChannelPromise) pending.get(i + 1)).setSuccess();
      }
      pending.clear();
    }

    /** The texts of the frames flushed since the last call. */
    synchronized List<String> received() {
      var texts = flushed.stream().map(FrameBatchTests::received).toList();
      flushed.clear();
      return texts;
    }
  }

  /** An allocator keeping every buffer it gave. */
  private static final class RecordingAllocator extends AbstractByteBufAllocator {
    final List<ByteBuf> given = new ArrayList<>();

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
      return given(Unpooled.buffer(initialCapacity, maxCapacity));
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
      return given(Unpooled.directBuffer(initialCapacity, maxCapacity));
    }

    @Override
    public boolean isDirectBufferPooled() {
      return false;
    }

    private ByteBuf given(ByteBuf buffer) {
      given.add(buffer);
      return buffer;
    }
  }
}
