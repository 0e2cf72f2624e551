package io.dugout.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link BlockStore} adapter must do; an adapter's test only opens a store. */
public abstract class BlockStoreContract {

  protected static final Instant T0 = Instant.parse("2026-11-22T04:00:00.123456789Z");

  protected BlockStore store;

  protected abstract BlockStore openEmpty() throws Exception;

  /** The same store, closed and opened again. */
  protected abstract BlockStore reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  private static Block block(String blocker, String blocked) {
    return new Block(blocker, blocked, T0);
  }

  @Test
  void addsABlockOnceAndKeepsItsFirstTime() {
    assertThat(store.add(block("alice", "bob"), 10)).isEqualTo(BlockStore.Added.ADDED);
    assertThat(store.add(new Block("alice", "bob", T0.plusSeconds(60)), 10))
        .isEqualTo(BlockStore.Added.EXISTED);

    assertThat(store.list("alice", null, 10)).containsExactly(block("alice", "bob"));
  }

  @Test
  void answersABlockFromEitherSideAndOnlyBetweenThoseTwo() {
    store.add(block("alice", "bob"), 10);

    assertThat(store.blocksEither("alice", "bob")).isTrue();
    assertThat(store.blocksEither("bob", "alice")).isTrue();
    assertThat(store.blocksEither("alice", "carol")).isFalse();
    assertThat(store.blocksEither("carol", "bob")).isFalse();
  }

  @Test
  void removesABlockAndAnswersFalseWhenThereWasNone() {
    store.add(block("alice", "bob"), 10);

    assertThat(store.remove("alice", "bob")).isTrue();
    assertThat(store.remove("alice", "bob")).isFalse();
    assertThat(store.remove("bob", "alice")).isFalse();
    assertThat(store.blocksEither("alice", "bob")).isFalse();
    assertThat(store.list("alice", null, 10)).isEmpty();
    assertThat(store.blockersAmong("bob", List.of("alice"))).isEmpty();
  }

  @Test
  void pagesABlockersListInOrderOfTheBlockedUsersId() {
    for (String blocked : List.of("dave", "bob", "erin", "carol")) {
      store.add(block("alice", blocked), 10);
    }
    store.add(block("bob", "zed"), 10);

    assertThat(store.list("alice", null, 3))
        .extracting(Block::blockedId)
        .containsExactly("bob", "carol", "dave");
    assertThat(store.list("alice", "dave", 3)).extracting(Block::blockedId).containsExactly("erin");
    assertThat(store.list("alice", "erin", 3)).isEmpty();
    assertThat(store.list("al", null, 3)).as("a prefix of another user's id").isEmpty();
  }

  @Test
  void refusesANewBlockPastTheMostAllowedButAnswersAnExistingOne() {
    store.add(block("alice", "bob"), 2);
    store.add(block("alice", "carol"), 2);

    assertThat(store.add(block("alice", "dave"), 2)).isEqualTo(BlockStore.Added.FULL);
    assertThat(store.add(block("alice", "bob"), 2)).isEqualTo(BlockStore.Added.EXISTED);
    assertThat(store.add(block("bob", "dave"), 2)).isEqualTo(BlockStore.Added.ADDED);
    assertThat(store.blocksEither("alice", "dave")).isFalse();
  }

  @Test
  void findsWhoAmongSomeUsersBlockedASender() {
    store.add(block("alice", "spammer"), 10);
    store.add(block("carol", "spammer"), 10);
    store.add(block("dave", "someone-else"), 10);

    assertThat(store.blockersAmong("spammer", List.of("alice", "bob", "dave")))
        .containsExactly("alice");
    assertThat(store.blockersAmong("spammer", List.of("alice", "carol")))
        .containsExactlyInAnyOrder("alice", "carol");
    assertThat(store.blockersAmong("nobody", List.of("alice"))).isEmpty();
  }

  @Test
  void keepsBlocksAcrossARestart() throws Exception {
    store.add(block("alice", "bob"), 10);

    store = reopen();

    assertThat(store.blocksEither("bob", "alice")).isTrue();
    assertThat(store.list("alice", null, 10)).containsExactly(block("alice", "bob"));
    assertThat(store.blockersAmong("bob", List.of("alice"))).containsExactly("alice");
  }

  @Test
  void storesOneBlockWhenTheSameBlockIsAddedManyTimesAtOnce() throws Exception {
    var outcomes = new ConcurrentLinkedQueue<BlockStore.Added>();
    try (var pool = Executors.newFixedThreadPool(8)) {
      for (int i = 0; i < 16; i++) {
        pool.submit(() -> outcomes.add(store.add(block("alice", "bob"), 10)));
      }
    }

    assertThat(outcomes).hasSize(16).filteredOn(BlockStore.Added.ADDED::equals).hasSize(1);
    assertThat(store.list("alice", null, 10)).hasSize(1);
  }
}
