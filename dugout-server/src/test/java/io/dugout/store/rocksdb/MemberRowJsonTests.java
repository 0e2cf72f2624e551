package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MemberRowJsonTests {

  @Test
  void writesWhatJacksonWritesForAPlainMember() {
    var member =
        new Member("room-1", "alice", MemberRole.OWNER, Instant.parse("2026-11-28T12:30:05Z"), 42);

    assertThat(new String(MemberRowJson.write(member), StandardCharsets.US_ASCII))
        .isEqualTo(
            "{\"roomId\":\"room-1\",\"userId\":\"alice\",\"role\":\"OWNER\","
                + "\"joinedAt\":\"2026-11-28T12:30:05Z\",\"lastReadSeq\":42,\"muted\":false}");
    assertThat(MemberRowJson.write(member)).isEqualTo(Json.write(member));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2026-11-28T12:30:05.000000001Z",
        "1969-12-31T23:59:59.5Z",
        "+10000-01-01T00:00:00Z",
        "-0001-12-31T00:00:00Z"
      })
  void writesInstantsAsJacksonDoesAlsoBeyondFourDigitYears(String joinedAt) {
    var member = new Member("r", "u", MemberRole.MEMBER, Instant.parse(joinedAt), 0, true);

    assertThat(new String(MemberRowJson.write(member), StandardCharsets.UTF_8))
        .isEqualTo(new String(Json.write(member), StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @ValueSource(strings = {"quo\"te", "back\\slash", "new\nline", "tab\t", "del\u007f", "한국어", "é"})
  void idsThatNeedEscapingOrAreNotAsciiAreWrittenAsJacksonDoes(String id) {
    var asRoom = new Member(id, "u", MemberRole.BUYER, Instant.EPOCH, 7);
    var asUser = new Member("r", id, MemberRole.SELLER, Instant.EPOCH, 7);

    assertThat(MemberRowJson.write(asRoom)).isEqualTo(Json.write(asRoom));
    assertThat(MemberRowJson.write(asUser)).isEqualTo(Json.write(asUser));
    assertThat(Json.read(MemberRowJson.write(asUser), Member.class)).isEqualTo(asUser);
  }

  @Test
  void randomMembersAreWrittenAsJacksonWritesThemAndReadBackEqual() {
    var random = new Random(20261128);
    for (int i = 0; i < 2_000; i++) {
      var member =
          new Member(
              id(random),
              id(random),
              MemberRole.values()[random.nextInt(MemberRole.values().length)],
              Instant.ofEpochSecond(
                  random.nextLong(-62_167_219_200L, 253_402_300_800L),
                  random.nextBoolean() ? 0 : random.nextInt(1_000_000_000)),
              random.nextBoolean() ? random.nextInt(100) : random.nextLong(Long.MAX_VALUE),
              random.nextBoolean());

      assertThat(MemberRowJson.write(member)).as("%s", member).isEqualTo(Json.write(member));
      assertThat(Json.read(MemberRowJson.write(member), Member.class)).isEqualTo(member);
    }
  }

  private static String id(Random random) {
    var id = new StringBuilder();
    for (int n = random.nextInt(1, 40); n > 0; n--) {
      id.append((char) random.nextInt(0x20, 0x7f));
    }
    return id.toString();
  }
}
