package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.room.RoomView.MemberView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class MemberJsonTests {

  private final JsonMapper mapper = JsonMapper.builder().build();
  private final MemberJson members = new MemberJson(mapper);

  @Test
  void writesWhatTheMapperWritesForTheList() {
    var list =
        List.of(
            member("alice", 3, Instant.parse("2026-11-22T04:03:07.242914111Z")),
            member("b\u00f6b \"quoted\"", 0, Instant.parse("2026-11-22T04:03:07Z")));

    assertThat(new String(members.array(list))).isEqualTo(mapper.writeValueAsString(list));
    assertThat(new String(members.array(list))).isEqualTo(mapper.writeValueAsString(list));
    assertThat(new String(members.array(List.of()))).isEqualTo("[]");
  }

  @Test
  void aMemberThatChangedIsWrittenAsItIsNow() {
    Instant joined = Instant.parse("2026-11-22T04:03:07.242Z");
    members.array(List.of(member("alice", 3, joined)));

    String now = new String(members.array(List.of(member("alice", 4, joined))));

    assertThat(now).contains("\"lastReadSeq\":4").doesNotContain("\"lastReadSeq\":3");
  }

  @Test
  void keepsAtMostItsBound() {
    var many = new ArrayList<MemberView>();
    for (int i = 0; i <= MemberJson.MAX_ENTRIES; i++) {
      many.add(member("u" + i, i, Instant.EPOCH));
    }
    members.array(many);

    assertThat(members.size()).isLessThanOrEqualTo(MemberJson.MAX_ENTRIES);
    assertThat(new String(members.array(many.subList(0, 2))))
        .isEqualTo(mapper.writeValueAsString(many.subList(0, 2)));
  }

  private static MemberView member(String userId, long lastReadSeq, Instant joinedAt) {
    return new MemberView(userId, MemberRole.MEMBER, joinedAt, lastReadSeq, false);
  }
}
