package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class MemberCacheTests {

  private static final Instant NOW = Instant.parse("2026-11-23T04:00:00Z");

  @Test
  void keepsAtMostItsCapacityDroppingTheOldestFilledFirst() {
    var cache = new MemberCache(2);
    cache.fill(member("a", 0));
    cache.fill(member("b", 0));
    cache.fill(member("c", 0));

    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.get("r1", "a")).isNull();
    assertThat(cache.get("r1", "b")).isEqualTo(member("b", 0));
    assertThat(cache.get("r1", "c")).isEqualTo(member("c", 0));
  }

  @Test
  void aWriteReplacesACachedMemberAndCachesNoOther() {
    var cache = new MemberCache(10);
    cache.fill(member("a", 0));

    cache.written(member("a", 5));
    cache.written(member("b", 5));

    assertThat(cache.get("r1", "a")).isEqualTo(member("a", 5));
    assertThat(cache.get("r1", "b")).isNull();
  }

  @Test
  void aRemovedMemberIsGone() {
    var cache = new MemberCache(10);
    cache.fill(member("a", 0));

    cache.removed("r1", "a");

    assertThat(cache.get("r1", "a")).isNull();
    assertThat(cache.size()).isZero();
  }

  @Test
  void staysBoundedWhenMembersLeaveAndComeBackOverAndOver() {
    var cache = new MemberCache(3);
    for (int i = 0; i < 1000; i++) {
      cache.fill(member("u" + (i % 7), i));
      cache.removed("r1", "u" + ((i + 3) % 7));
    }
    assertThat(cache.size()).isLessThanOrEqualTo(3);
  }

  @Test
  void capacityZeroCachesNothing() {
    var cache = new MemberCache(0);
    cache.fill(member("a", 0));
    assertThat(cache.get("r1", "a")).isNull();
    assertThatThrownBy(() -> new MemberCache(-1))
        .hasMessageContaining("dugout.store.cached-members must be 0 or more");
  }

  private static Member member(String userId, long lastRead) {
    return new Member("r1", userId, MemberRole.MEMBER, NOW, lastRead);
  }
}
