package io.dugout.ban;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class BansInForceTests {

  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
  private static final long TTL = TimeUnit.SECONDS.toNanos(5);

  private final Bans store = new Bans();
  private final AtomicLong nanos = new AtomicLong(1_000);
  private final BansInForce inForce =
      new BansInForce(store, Clock.fixed(NOW, ZoneOffset.UTC), TTL, nanos::get);

  @Test
  void answersEveryUserFromOnePagedReadOfTheBansInForce() {
    int banned = 2 * BansInForce.PAGE + 500;
    for (int i = 0; i < banned; i++) {
      store.put(ban("banned-" + i));
    }
    for (int i = 0; i < banned; i++) {
      assertThat(inForce.get("banned-" + i)).as("banned-" + i).isPresent();
      assertThat(inForce.get("free-" + i)).isEmpty();
    }
    assertThat(store.lists).hasValue(3);
    assertThat(store.finds).hasValue(0);
  }

  @Test
  void aChangeHeardOfCountsAtOnceAndAMissedOneAtTheNextRefresh() {
    assertThat(inForce.get("alice")).isEmpty();

    store.put(ban("alice"));
    inForce.changed("alice");
    assertThat(inForce.get("alice")).isPresent();

    store.remove("alice");
    inForce.changed("alice");
    assertThat(inForce.get("alice")).isEmpty();

    store.put(ban("bob")); // its broadcast lost
    assertThat(inForce.get("bob")).isEmpty();
    inForce.refresh();
    assertThat(inForce.get("bob")).isPresent();
  }

  @Test
  void aChangeHeardWhileARefreshReadsIsNotUndoneByIt() throws Exception {
    assertThat(inForce.get("alice")).isEmpty();
    store.holdNextList();
    var refreshing = CompletableFuture.runAsync(inForce::refresh);
    assertThat(store.listing.await(10, TimeUnit.SECONDS)).isTrue(); // it read: no alice

    nanos.addAndGet(10);
    store.put(ban("alice"));
    inForce.changed("alice");
    store.release.countDown();
    refreshing.get(10, TimeUnit.SECONDS);

    assertThat(inForce.get("alice")).isPresent();
  }

  @Test
  void answersFromTheLastReadForTwoIntervalsWhileTheStoreIsDownThenFailsAsItDoes() {
    store.put(ban("alice"));
    assertThat(inForce.get("alice")).isPresent();
    store.down = true;
    assertThatThrownBy(inForce::refresh).isInstanceOf(IllegalStateException.class);

    nanos.addAndGet(2 * TTL);
    assertThat(inForce.get("alice")).isPresent();

    nanos.addAndGet(1);
    assertThatThrownBy(() -> inForce.get("alice")).isInstanceOf(IllegalStateException.class);

    store.down = false;
    assertThat(inForce.get("alice")).isPresent();
  }

  @Test
  void aChangeWhoseReadFailsMakesTheNextAnswerReadEveryBanAgain() {
    assertThat(inForce.get("alice")).isEmpty();
    store.put(ban("alice"));
    store.down = true;
    inForce.changed("alice"); // never throws

    assertThatThrownBy(() -> inForce.get("alice")).isInstanceOf(IllegalStateException.class);
    store.down = false;
    assertThat(inForce.get("alice")).isPresent();
  }

  private static Ban ban(String userId) {
    return new Ban(userId, null, "service", NOW.minusSeconds(60), null);
  }

  /** Bans in memory, counting reads, that can fail like a store that is down or hold a read. */
  private static final class Bans implements BanStore {
    private final TreeMap<String, Ban> bans = new TreeMap<>();
    final AtomicInteger lists = new AtomicInteger();
    final AtomicInteger finds = new AtomicInteger();
    final CountDownLatch listing = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    volatile boolean down;
    private volatile boolean hold;

    void holdNextList() {
      hold = true;
    }

    @Override
    public synchronized void put(Ban ban) {
      bans.put(ban.userId(), ban);
    }

    @Override
    public synchronized boolean remove(String userId) {
      return bans.remove(userId) != null;
    }

    @Override
    public synchronized Optional<Ban> find(String userId) {
      requireUp();
      finds.incrementAndGet();
      return Optional.ofNullable(bans.get(userId));
    }

    @Override
    public List<Ban> list(String afterUserId, Instant now, int limit) {
      requireUp();
      lists.incrementAndGet();
      List<Ban> page;
      synchronized (this) {
        var after = afterUserId == null ? bans : bans.tailMap(afterUserId, false);
        page = new ArrayList<>(after.values().stream().limit(limit).toList());
      }
      if (hold) {
        hold = false;
        listing.countDown();
        try {
          release.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return page;
    }

    @Override
    public int removeEnded(Instant now, int limit) {
      return 0;
    }

    private void requireUp() {
      if (down) {
        throw new IllegalStateException("store down");
      }
    }
  }
}
