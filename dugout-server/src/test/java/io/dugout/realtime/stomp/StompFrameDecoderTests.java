package io.dugout.realtime.stomp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.messaging.simp.stomp.StompCommand;

class StompFrameDecoderTests {

  private static final String SEND =
      "SEND\r\ndestination:/app/rooms.r.messages\r\nreceipt:r-1\r\ncontent-length:7\r\n\r\n{\"a\":1}\0";

  private final StompFrameDecoder decoder = new StompFrameDecoder(1024);

  @Test
  void decodesTheSameFrameHoweverTheBytesAreSplit() {
    byte[] bytes = bytes("\n\r\n" + SEND + "\n");
    for (int split = 0; split <= bytes.length; split++) {
      var decoder = new StompFrameDecoder(1024);
      var frames = new ArrayList<StompFrame>();
      frames.addAll(all(decoder, ByteBuffer.wrap(bytes, 0, split)));
      frames.addAll(all(decoder, ByteBuffer.wrap(bytes, split, bytes.length - split)));
      assertThat(frames).hasSize(1);
      var headers = frames.getFirst();
      assertThat(headers.command()).isEqualTo(StompCommand.SEND);
      assertThat(headers.destination()).isEqualTo("/app/rooms.r.messages");
      assertThat(headers.receipt()).isEqualTo("r-1");
      assertThat(new String(frames.getFirst().body(), StandardCharsets.UTF_8))
          .isEqualTo("{\"a\":1}");
    }
  }

  @Test
  void decodesFramesOneByteAtATime() {
    byte[] bytes = bytes(SEND + "SUBSCRIBE\nid:1\ndestination:/topic/rooms.r\n\n\0");
    var frames = new ArrayList<StompFrame>();
    for (byte b : bytes) {
      frames.addAll(all(decoder, ByteBuffer.wrap(new byte[] {b})));
    }
    assertThat(frames)
        .extracting(StompFrame::command)
        .containsExactly(StompCommand.SEND, StompCommand.SUBSCRIBE);
  }

  @Test
  void readsABodyWithoutContentLengthUpToItsNul() {
    var frame = decodeOne("SEND\ndestination:/d\n\nhello\0");
    assertThat(new String(frame.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
  }

  @Test
  void unescapesHeaderValuesAndTakesTheFirstOfRepeatedHeaders() {
    var headers = decodeOne("SEND\ndestination:/a\\cb\\\\c\\n\ndestination:/x\n\n\0");
    assertThat(headers.destination()).isEqualTo("/a:b\\c\n");
  }

  @Test
  void leavesConnectHeadersUnescapedAsStomp12Says() {
    var headers = decodeOne("CONNECT\npasscode:a\\xb\n\n\0");
    assertThat(headers.header("passcode")).isEqualTo("a\\xb");
  }

  @Test
  void namesAnUnknownCommand() {
    assertRefused("HELLO\n\n\0", "unknown command \"HELLO\": a client sends one of CONNECT");
    assertRefused("connect\n\n\0", "unknown command \"connect\"");
  }

  @Test
  void refusesFramesOnlyServersSend() {
    assertRefused("MESSAGE\n\n\0", "MESSAGE is a frame servers send");
  }

  @Test
  void refusesBinaryGarbage() {
    assertRefused(
        new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n'},
        "malformed frame: the first line is not a command");
    assertRefused("\0", "malformed frame: a NUL octet where a frame should start");
    assertRefused("x".repeat(100), "malformed frame: the first line is not a command");
  }

  @Test
  void refusesACarriageReturnWithoutALineFeed() {
    assertRefused("\r\r\n", "malformed frame: a carriage return must be followed by a line feed");
    assertRefused("SEND\ndestination:/a\rb\n\n\0", "carriage return");
  }

  @Test
  void refusesInvalidEscapes() {
    assertRefused(
        "SEND\ndestination:/a\\xb\n\n\0",
        "malformed frame: header destination has an invalid escape");
    assertRefused("SEND\ndestination:/a\\\n\n\0", "header destination has an invalid escape");
    assertRefused("SEND\nde\\tst:/a\n\n\0", "a header name has an invalid escape");
  }

  @Test
  void refusesHeaderLinesThatAreNotNameColonValue() {
    assertRefused("SEND\ndestination\n\n\0", "a header line without a colon");
    assertRefused("SEND\n:/a\n\n\0", "a header line without a name");
  }

  @Test
  void refusesANulInsideTheHeaders() {
    assertRefused(
        "SEND\ndestination:/a\0b\n\n\0", "malformed frame: a NUL octet inside the headers");
    assertRefused("DISCONNECT\n\0", "a NUL octet inside the headers");
  }

  @Test
  void refusesAContentLengthThatIsNotANonNegativeInteger() {
    assertRefused(
        "SEND\ncontent-length:abc\n\nx\0",
        "malformed frame: content-length must be a non-negative integer, not \"abc\"");
    assertRefused("SEND\ncontent-length:-5\n\nx\0", "content-length must be a non-negative");
    assertRefused("SEND\ncontent-length:\n\nx\0", "content-length must be a non-negative");
    assertRefused(
        "SEND\ncontent-length:99999999999999999999\n\nx\0",
        "frame too large: content-length 99999999999999999999 is over the frame size limit of"
            + " 1024 bytes");
  }

  @Test
  void readsAContentLengthWithLeadingZeros() {
    assertThat(decodeOne("SEND\ncontent-length:0003\n\nabc\0").body()).isEqualTo(bytes("abc"));
    assertThat(decodeOne("ACK\nid:1\ncontent-length:000\n\n\0").body()).isEmpty();
    assertRefused(
        "SEND\ncontent-length:00000000000000000000001025\n\nx\0",
        "frame too large: content-length 1025 is over the frame size limit of 1024 bytes");
  }

  @Test
  void refusesABodyLongerThanItsContentLength() {
    assertRefused(
        "SEND\ncontent-length:1\n\nxy\0",
        "malformed frame: the body does not end after its content-length of 1 bytes");
  }

  @Test
  void waitsForTheRestOfABodyShorterThanItsContentLength() {
    assertThat(all(decoder, ByteBuffer.wrap(bytes("SEND\ncontent-length:5\n\nab\0")))).isEmpty();
    assertThat(all(decoder, ByteBuffer.wrap(bytes("c\0\0")))).hasSize(1);
  }

  @Test
  void refusesABodyOnFramesOtherThanSend() {
    assertRefused("SUBSCRIBE\nid:1\n\nbody\0", "SUBSCRIBE frames cannot have a body");
    assertRefused("ACK\nid:1\ncontent-length:2\n\nab\0", "ACK frames cannot have a body");
    assertThat(decodeOne("ACK\nid:1\ncontent-length:0\n\n\0").body()).isEmpty();
  }

  @Test
  void refusesTooManyHeaders() {
    var frame = new StringBuilder("SEND\n");
    for (int i = 0; i <= StompFrameDecoder.MAX_HEADERS; i++) {
      frame.append("h").append(i).append(":v\n");
    }
    var decoder = new StompFrameDecoder(65536);
    assertThatThrownBy(() -> all(decoder, ByteBuffer.wrap(bytes(frame + "\n\0"))))
        .isInstanceOf(StompFrameDecoder.MalformedFrame.class)
        .hasMessage("malformed frame: more than " + StompFrameDecoder.MAX_HEADERS + " headers");
  }

  @Test
  void refusesAHeaderLineOverItsLimit() {
    var decoder = new StompFrameDecoder(65536);
    String frame = "SEND\nh:" + "v".repeat(StompFrameDecoder.MAX_HEADER_LINE) + "\n\n\0";
    assertThatThrownBy(() -> all(decoder, ByteBuffer.wrap(bytes(frame))))
        .hasMessageStartingWith("malformed frame: a header line is over");
  }

  @Test
  void refusesAFrameOverTheSizeLimitBeforeItsEnd() {
    assertRefused("SEND\n\n" + "x".repeat(1100), "frame too large: over the frame size limit");
    assertRefused("SEND\ncontent-length:2000\n\n", "frame too large: content-length 2000");
  }

  @Test
  void refusesAContentTypeThatIsNotAMediaType() {
    assertRefused("SEND\ncontent-type:???\n\n\0", "content-type is not a media type");
    assertRefused("SEND\ncontent-type:\"pplication/json\n\n\0", "content-type is not a media type");
  }

  @Test
  void throwsNothingButMalformedFrameWhateverTheInput() {
    var random = new Random(7);
    String[] pieces = {
      "SEND",
      "CONNECT",
      "\n",
      "\r\n",
      "\r",
      ":",
      "\0",
      "\\",
      "\\c",
      "content-length:",
      "3",
      "-",
      "destination:/a",
      "content-type:",
      "x",
      "é",
      "\u0000\u00ff",
    };
    for (int i = 0; i < 20_000; i++) {
      var input = new StringBuilder();
      for (int n = random.nextInt(12); n > 0; n--) {
        input.append(pieces[random.nextInt(pieces.length)]);
      }
      var decoder = new StompFrameDecoder(256);
      try {
        all(decoder, ByteBuffer.wrap(bytes(input.toString())));
      } catch (StompFrameDecoder.MalformedFrame e) {
        assertThat(e.getMessage()).isNotBlank();
      }
    }
  }

  private StompFrame decodeOne(String frame) {
    var frames = all(decoder, ByteBuffer.wrap(bytes(frame)));
    assertThat(frames).hasSize(1);
    return frames.getFirst();
  }

  private void assertRefused(String input, String message) {
    assertRefused(bytes(input), message);
  }

  private static void assertRefused(byte[] input, String message) {
    var decoder = new StompFrameDecoder(1024);
    assertThatThrownBy(() -> all(decoder, ByteBuffer.wrap(input)))
        .isInstanceOf(StompFrameDecoder.MalformedFrame.class)
        .hasMessageContaining(message);
  }

  private static List<StompFrame> all(StompFrameDecoder decoder, ByteBuffer bytes) {
    var frames = new ArrayList<StompFrame>();
    StompFrame frame;
    while ((frame = decoder.next(bytes)) != null) {
      frames.add(frame);
    }
    return frames;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
