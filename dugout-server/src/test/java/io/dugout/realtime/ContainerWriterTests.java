package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A batch reaches the servlet container's writer in parts that each encode on their own. */
class ContainerWriterTests {

  @Test
  void neverEndsAPartInsideASurrogatePairWhereverTheEmojiFall() throws IOException {
    for (int buffer : new int[] {2, 3, 1024, 8192}) {
      for (int shift = 0; shift < 3; shift++) {
        String text = "x".repeat(shift) + "👍".repeat(20_000);
        var container = new PartEncodingWriter(buffer);

        ContainerWriter.writeWhole(container, text.toCharArray(), buffer);
        container.close();

        assertThat(container.decoded()).as("buffer %d, shift %d", buffer, shift).isEqualTo(text);
      }
    }
  }

  @Test
  void theContainersOwnWayOfWritingTheSameTextFails() {
    var container = new PartEncodingWriter(8192);

    assertThatThrownBy(() -> container.write(("x" + "👍".repeat(20_000)).toCharArray()))
        .as("why the parts are cut here: a whole write splits a pair at the 8 KiB boundary")
        .hasCauseInstanceOf(CharacterCodingException.class);
  }

  /**
   * Writes as Tomcat's WebSocket writer does: a buffer sent as a part whenever it is full or
   * flushed, each part encoded to UTF-8 on its own, strictly.
   */
  private static final class PartEncodingWriter extends Writer {

    private final CharBuffer buffer;

    PartEncodingWriter(int chars) {
      buffer = CharBuffer.allocate(chars);
    }

    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
      int written = 0;
      while (buffer.remaining() < len - written) {
        int room = buffer.remaining();
        buffer.put(chars, off + written, room);
        written += room;
        flush();
      }
      buffer.put(chars, off + written, len - written);
    }

    @Override
    public void flush() throws IOException {
      buffer.flip();
      try {
        var encoded =
            StandardCharsets.UTF_8
                .newEncoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .encode(buffer);
        sent.write(encoded.array(), 0, encoded.limit());
      } catch (CharacterCodingException e) {
        throw new IOException("Encoding error", e);
      }
      buffer.clear();
    }

    @Override
    public void close() throws IOException {
      flush();
    }

    String decoded() {
      return sent.toString(StandardCharsets.UTF_8);
    }
  }
}
