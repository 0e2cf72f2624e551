package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemberListsTests {

  private static final Instant NOW = Instant.parse("2026-11-24T06:00:00Z");

  @Test
  void keepsAListReadWhileNoMemberOfItsStripeWasWritten() {
    var lists = new MemberLists(100, 4);
    long version = lists.version(1);
    lists.keep(1, version, "r1", members("r1", "a", "b"));

    assertThat(lists.get("r1")).isEqualTo(members("r1", "a", "b"));
  }

  @Test
  void neverKeepsAListReadAcrossAWriteOfItsStripe() {
    var lists = new MemberLists(100, 4);
    long version = lists.version(1);
    lists.written(1, "r9");
    lists.keep(1, version, "r1", members("r1", "a"));

    assertThat(lists.get("r1")).isNull();
  }

  @Test
  void aWriteDropsItsRoomsListOnly() {
    var lists = new MemberLists(100, 4);
    lists.keep(1, lists.version(1), "r1", members("r1", "a"));
    lists.keep(2, lists.version(2), "r2", members("r2", "a"));

    lists.written(1, "r1");

    assertThat(lists.get("r1")).isNull();
    assertThat(lists.get("r2")).isEqualTo(members("r2", "a"));
  }

  @Test
  void holdsAtMostItsCapacityInMembersAndNoEmptyList() {
    var lists = new MemberLists(3, 4);
    lists.keep(0, lists.version(0), "r1", members("r1", "a", "b"));
    lists.keep(0, lists.version(0), "r2", members("r2", "a", "b"));
    lists.keep(0, lists.version(0), "big", members("big", "a", "b", "c", "d"));
    lists.keep(0, lists.version(0), "none", List.of());

    assertThat(lists.get("r1")).isNull();
    assertThat(lists.get("r2")).isEqualTo(members("r2", "a", "b"));
    assertThat(lists.get("big")).isNull();
    assertThat(lists.get("none")).isNull();
    assertThat(lists.rooms()).isEqualTo(1);
  }

  @Test
  void capacityZeroKeepsNothing() {
    var lists = new MemberLists(0, 4);
    lists.keep(0, lists.version(0), "r1", members("r1", "a"));
    assertThat(lists.get("r1")).isNull();
  }

  private static List<Member> members(String roomId, String... userIds) {
    return java.util.Arrays.stream(userIds)
        .map(u -> new Member(roomId, u, MemberRole.MEMBER, NOW, 0))
        .toList();
  }
}
