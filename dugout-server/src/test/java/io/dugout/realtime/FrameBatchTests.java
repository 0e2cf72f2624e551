package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

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
    var utf8 = new Utf8Batch(new EmbeddedChannel(), PooledByteBufAllocator.DEFAULT.buffer(16));
    frames.forEach(frame -> frame.appendTo(chars));
    frames.forEach(frame -> frame.appendTo(utf8));

    ByteBuf written = utf8.content();
    try {
      assertThat(ByteBufUtil.getBytes(written))
          .isEqualTo(chars.toString().getBytes(StandardCharsets.UTF_8));
      assertThat(written.readableBytes())
          .isEqualTo(frames.stream().mapToInt(Outgoing::bytes).sum());
    } finally {
      written.release();
    }
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
    var channel = new EmbeddedChannel();
    ByteBuf discardedBuffer = PooledByteBufAllocator.DEFAULT.buffer(64);
    var discarded = new Utf8Batch(channel, discardedBuffer);
    discarded.append("RECEIPT\nreceipt-id:1\n\n\0");
    discarded.discard();
    discarded.discard(); // a second discard finds nothing left to release

    ByteBuf takenBuffer = PooledByteBufAllocator.DEFAULT.buffer(64);
    var taken = new Utf8Batch(channel, takenBuffer);
    taken.append("x");
    taken.writeOnLoop(() -> {});
    taken.discard();

    assertThat(discardedBuffer.refCnt()).isZero();
    assertThat(takenBuffer.refCnt()).isEqualTo(1);
    channel.finishAndReleaseAll();
    assertThat(takenBuffer.refCnt()).isZero();
  }

  @Test
  void isWrittenAsOneTextFrameOnTheLoopAndThenReportsTheWrite() {
    var channel = new EmbeddedChannel();
    var batch = new Utf8Batch(channel, PooledByteBufAllocator.DEFAULT.buffer(16));
    batch.append("MESSAGE\n\n가\0");
    var written = new AtomicInteger();

    batch.writeOnLoop(written::incrementAndGet);
    assertThat(written).as("nothing written before the loop runs the task").hasValue(0);
    channel.runPendingTasks();

    assertThat(written).hasValue(1);
    TextWebSocketFrame frame = channel.readOutbound();
    try {
      assertThat(frame.isFinalFragment()).isTrue();
      assertThat(frame.text()).isEqualTo("MESSAGE\n\n가\0");
    } finally {
      frame.release();
    }
  }

  @Test
  void givesItsBufferBackWhenTheLoopRefusesIt() throws InterruptedException {
    var loop = new DefaultEventLoop();
    var channel = new LocalChannel();
    loop.register(channel).sync();
    loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    ByteBuf refused = PooledByteBufAllocator.DEFAULT.buffer(16);
    var batch = new Utf8Batch(channel, refused);

    assertThatThrownBy(() -> batch.writeOnLoop(() -> {}))
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(refused.refCnt()).isZero();
  }
}
