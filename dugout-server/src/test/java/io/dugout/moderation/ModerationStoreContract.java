package io.dugout.moderation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link ModerationStore} adapter must do; an adapter's test only opens a store. */
public abstract class ModerationStoreContract {

  protected static final Instant T0 = Instant.parse("2026-11-22T04:00:00.123456789Z");

  protected ModerationStore store;

  protected abstract ModerationStore openEmpty() throws Exception;

  /** The same store, closed and opened again. */
  protected abstract ModerationStore reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  private static ModerationStore.Ban ban(String room, String user) {
    return new ModerationStore.Ban(room, user, "alice", "spam", T0);
  }

  @Test
  void aRoomWithNothingSetHasNoRulesAndNobodyMuted() {
    assertThat(store.rules("r1")).isEqualTo(ModerationStore.Rules.NONE);
    assertThat(store.writer("r1", "bob"))
        .isEqualTo(new ModerationStore.Writer(ModerationStore.Rules.NONE, null));
  }

  @Test
  void freezesAndSetsSlowModeIndependentlyAndSaysWhetherEitherChanged() throws Exception {
    assertThat(store.setFrozen("r1", true)).isTrue();
    assertThat(store.setFrozen("r1", true)).isFalse();
    assertThat(store.setSlowMode("r1", 30)).isTrue();
    assertThat(store.setSlowMode("r1", 30)).isFalse();
    store = reopen();

    assertThat(store.rules("r1")).isEqualTo(new ModerationStore.Rules(true, 30));
    assertThat(store.rules("r2")).isEqualTo(ModerationStore.Rules.NONE);
    assertThat(store.setFrozen("r1", false)).isTrue();
    assertThat(store.rules("r1")).isEqualTo(new ModerationStore.Rules(false, 30));
    assertThat(store.setSlowMode("r1", 0)).isTrue();
    assertThat(store.rules("r1")).isEqualTo(ModerationStore.Rules.NONE);
  }

  @Test
  void unfreezingARoomNeverFrozenChangesNothing() {
    assertThat(store.setFrozen("r1", false)).isFalse();
    assertThat(store.setSlowMode("r1", 0)).isFalse();
  }

  @Test
  void concurrentChangesOfTheTwoRulesNeverUndoEachOther() throws Exception {
    var pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 1; round <= 20; round++) {
        String room = "r" + round;
        int seconds = round;
        var tasks =
            List.<Callable<Boolean>>of(
                () -> store.setFrozen(room, true), () -> store.setSlowMode(room, seconds));
        for (var f : pool.invokeAll(tasks, 10, TimeUnit.SECONDS)) {
          assertThat(f.get()).isTrue();
        }
        assertThat(store.rules(room)).isEqualTo(new ModerationStore.Rules(true, seconds));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void readsTheWritersMuteWithTheRoomsRulesAndOnlyTheirs() throws Exception {
    store.setFrozen("r1", true);
    var mute = new ModerationStore.Mute("r1", "bob", T0.plusSeconds(600), "alice", T0);
    store.mute(mute);
    store = reopen();

    assertThat(store.writer("r1", "bob"))
        .isEqualTo(new ModerationStore.Writer(new ModerationStore.Rules(true, 0), mute));
    assertThat(store.writer("r1", "carol").mute()).isNull();
    assertThat(store.writer("r2", "bob").mute()).isNull();
  }

  @Test
  void aMuteInARoomWithoutRulesIsReadAfterReopening() throws Exception {
    var mute = new ModerationStore.Mute("r3", "dave", null, "alice", T0);
    store.mute(mute);
    store = reopen();

    assertThat(store.writer("r3", "dave"))
        .isEqualTo(new ModerationStore.Writer(ModerationStore.Rules.NONE, mute));
  }

  @Test
  void aNewMuteReplacesTheOldOneAndUnmutingRemovesIt() {
    store.mute(new ModerationStore.Mute("r1", "bob", T0.plusSeconds(60), "alice", T0));
    var forever = new ModerationStore.Mute("r1", "bob", null, "service", T0.plusSeconds(1));
    store.mute(forever);

    assertThat(store.writer("r1", "bob").mute()).isEqualTo(forever);
    assertThat(store.unmute("r1", "bob")).isTrue();
    assertThat(store.unmute("r1", "bob")).isFalse();
    assertThat(store.writer("r1", "bob").mute()).isNull();
  }

  @Test
  void bansOnceKeepingTheFirstBanAndUnbans() throws Exception {
    assertThat(store.ban(ban("r1", "bob"))).isTrue();
    assertThat(store.ban(new ModerationStore.Ban("r1", "bob", "carol", null, T0.plusSeconds(5))))
        .isFalse();
    store = reopen();

    assertThat(store.findBan("r1", "bob")).contains(ban("r1", "bob"));
    assertThat(store.findBan("r2", "bob")).isEmpty();
    assertThat(store.unban("r1", "bob")).isTrue();
    assertThat(store.unban("r1", "bob")).isFalse();
    assertThat(store.findBan("r1", "bob")).isEmpty();
  }

  @Test
  void pagesARoomsBansInOrderOfUserId() {
    for (String user : List.of("dave", "bob", "erin", "carol")) {
      store.ban(ban("r1", user));
    }
    store.ban(ban("r2", "zed"));

    var first = store.bans("r1", null, 3);
    assertThat(first)
        .extracting(ModerationStore.Ban::userId)
        .containsExactly("bob", "carol", "dave");
    assertThat(store.bans("r1", "dave", 3))
        .extracting(ModerationStore.Ban::userId)
        .containsExactly("erin");
    var all = new ArrayList<>(store.bans("r2", null, 10));
    assertThat(all).extracting(ModerationStore.Ban::userId).containsExactly("zed");
  }

  @Test
  void aMuteHoldsUntilItsEndAndForeverWithout() {
    var timed = new ModerationStore.Mute("r1", "bob", T0.plusSeconds(60), "alice", T0);
    assertThat(timed.holdsAt(T0.plusSeconds(59))).isTrue();
    assertThat(timed.holdsAt(T0.plusSeconds(60))).isFalse();
    assertThat(new ModerationStore.Mute("r1", "bob", null, "alice", T0).holdsAt(Instant.MAX))
        .isTrue();
  }
}
