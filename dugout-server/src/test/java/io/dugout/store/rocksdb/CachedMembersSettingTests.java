package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Applications;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.Room;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code dugout.store.cached-members}: 0 turns the member cache off, a negative value is refused.
 */
class CachedMembersSettingTests {

  private static final Instant NOW = Instant.parse("2026-11-23T04:00:00Z");

  @TempDir Path dataDir;

  @Test
  void refusesANegativeSizeNamingTheSetting() {
    assertThatThrownBy(() -> start("--dugout.store.cached-members=-1").close())
        .hasStackTraceContaining("dugout.store.cached-members must be 0 or more, not -1");
  }

  @Test
  void runsWithTheCacheOff() {
    try (var context = start("--dugout.store.cached-members=0")) {
      var rooms = context.getBean(RoomStore.class);
      rooms.create(
          new Room("r1", RoomType.GROUP, "r1", null, NOW, null),
          List.of(new Member("r1", "alice", MemberRole.OWNER, NOW, 0)));
      rooms.markRead("r1", "alice", 3, 3);
      assertThat(rooms.findMember("r1", "alice"))
          .get()
          .extracting(Member::lastReadSeq)
          .isEqualTo(3L);
    }
  }

  private ConfigurableApplicationContext start(String... args) {
    return Applications.start(dataDir, args);
  }
}
