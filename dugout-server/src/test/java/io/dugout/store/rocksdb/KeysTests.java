package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KeysTests {

  // ASCII ids take a path of their own; every id must give the same bytes as its UTF-8 joined
  @ParameterizedTest
  @CsvSource({
    "room-1, alice, msg-1",
    "'', '', ''",
    "\u007f, a, b",
    "\u0080, a, b",
    "방-1, 민수, 메시지",
    "room-1, 😀, x",
    "r, alice\u00e9, m"
  })
  void pairsAndTriplesAreTheUtf8PartsJoinedByZero(String a, String b, String c) {
    assertThat(Keys.pair(a, b)).isEqualTo(joined(a, b));
    assertThat(Keys.triple(a, b, c)).isEqualTo(joined(a, b, c));
    assertThat(Keys.prefix(a)).isEqualTo(joined(a, ""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"room-1", "", "\u007f", "방-1", "room-😀"})
  void messageKeysAreTheRoomThenZeroThenTheSeqBigEndian(String roomId) {
    for (long seq : new long[] {0, 1, 255, 256, 0x0102030405060708L, Long.MAX_VALUE}) {
      byte[] key = Keys.message(roomId, seq);

      byte[] room = roomId.getBytes(StandardCharsets.UTF_8);
      assertThat(key)
          .isEqualTo(
              ByteBuffer.allocate(room.length + 9).put(room).put((byte) 0).putLong(seq).array());
      assertThat(Keys.seqOf(key)).isEqualTo(seq);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"room-1", "방-1"})
  void aRoomsMessageKeysSortBySeqInsideItsPrefix(String roomId) {
    byte[] earlier = Keys.message(roomId, 255);
    byte[] later = Keys.message(roomId, 256);

    assertThat(java.util.Arrays.compareUnsigned(earlier, later)).isNegative();
    assertThat(java.util.Arrays.compareUnsigned(Keys.prefix(roomId), earlier)).isNegative();
    assertThat(java.util.Arrays.compareUnsigned(later, Keys.prefixEnd(roomId))).isNegative();
  }

  private static byte[] joined(String... parts) {
    var out = new ByteArrayOutputStream();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        out.write(0);
      }
      out.writeBytes(parts[i].getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }
}
