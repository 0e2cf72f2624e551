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
  void writesWhatTheMapperWritesForTheViews() {
    var list =
        List.of(
            member("alice", 3, Instant.parse("2026-11-22T04:03:07.242914111Z")),
            member("b\u00f6b \"quoted\"", 0, Instant.parse("2026-11-22T04:03:07Z")));

    assertThat(json("r", list)).isEqualTo(mapper.writeValueAsString(views(list)));
    assertThat(json("r", List.copyOf(list))).isEqualTo(mapper.writeValueAsString(views(list)));
    assertThat(json("r", List.of())).isEqualTo("[]");
  }

  @Test
  void theSameListIsAnsweredWithTheSameArrayAndANewListIsWrittenAsItIs() {
    Instant joined = Instant.parse("2026-11-22T04:03:07.242Z");
    var list = List.of(member("alice", 3, joined));
    byte[] first = members.array("r", list);

    assertThat(members.array("r", list)).isSameAs(first);
    assertThat(members.array("r", List.of(member("alice", 3, joined)))).isNotSameAs(first);
    assertThat(json("r", List.of(member("alice", 4, joined))))
        .contains("\"lastReadSeq\":4")
        .doesNotContain("\"lastReadSeq\":3");
    assertThat(members.array("other", list)).isNotSameAs(first).isEqualTo(first);
  }

  @Test
  void keepsAtMostItsBound() {
    var many = new ArrayList<Member>();
    for (int i = 0; i <= MemberJson.MAX_ENTRIES; i++) {
      many.add(member("u" + i, i, Instant.EPOCH));
    }
    members.array("r", many);

    assertThat(members.size()).isLessThanOrEqualTo(MemberJson.MAX_ENTRIES);
    assertThat(json("s", many.subList(0, 2)))
        .isEqualTo(mapper.writeValueAsString(views(many.subList(0, 2))));
  }

  private String json(String roomId, List<Member> list) {
    return new String(members.array(roomId, list));
  }

  private static List<MemberView> views(List<Member> list) {
    return list.stream().map(MemberView::of).toList();
  }

  private static Member member(String userId, long lastReadSeq, Instant joinedAt) {
    return new Member("r", userId, MemberRole.MEMBER, joinedAt, lastReadSeq, false);
  }
}
