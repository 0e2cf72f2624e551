package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A node's view of membership: a member confirmed by the store is answered without reading it
 * again; a removal, an interrupted or deaf feed and the ttl each send the next check to the store.
 */
class MembershipViewTests {

  private static final long TTL = Duration.ofSeconds(30).toNanos();

  private final Set<String> stored = ConcurrentHashMap.newKeySet();
  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicLong epoch = new AtomicLong();
  private final AtomicLong now = new AtomicLong(1_000);
  private Runnable duringRead = () -> {};
  private final MembershipView cache =
      new MembershipView(membersOnly(), () -> epoch::get, TTL, now::get);

  @Test
  void answersAConfirmedMemberAgainWithoutReadingTheStore() {
    stored.add("r/alice");

    assertThat(cache.isMember("r", "alice")).isTrue();
    assertThat(cache.isMember("r", "alice")).isTrue();
    assertThat(cache.isMember("r", "alice")).isTrue();

    assertThat(reads).hasValue(1);
  }

  @Test
  void readsAUserWhoIsNotAMemberEveryTimeSoAJoinCountsAtOnce() {
    assertThat(cache.isMember("r", "bob")).isFalse();
    assertThat(cache.isMember("r", "bob")).isFalse();
    stored.add("r/bob");

    assertThat(cache.isMember("r", "bob")).isTrue();
    assertThat(reads).hasValue(3);
  }

  @Test
  void refusesARemovedMemberAtTheRemovalsEvent() {
    stored.add("r/alice");
    cache.isMember("r", "alice");

    stored.remove("r/alice");
    cache.removed("r", "alice");

    assertThat(cache.isMember("r", "alice")).isFalse();
    assertThat(cache.keeps("r", "alice")).isFalse();
  }

  @Test
  void refusesARemovedMemberWhoseEventWasLostOnceTheTtlHasPassed() {
    stored.add("r/alice");
    cache.isMember("r", "alice");
    stored.remove("r/alice"); // no event: lost on the way

    now.addAndGet(TTL - 1);
    assertThat(cache.isMember("r", "alice")).as("within the ttl").isTrue();
    now.addAndGet(1);
    assertThat(cache.isMember("r", "alice")).as("at the ttl").isFalse();
  }

  @Test
  void trustsNothingKeptOnceTheFeedsEpochChanged() {
    stored.add("r/alice");
    cache.isMember("r", "alice");
    stored.remove("r/alice");

    epoch.incrementAndGet();

    assertThat(cache.isMember("r", "alice")).isFalse();
  }

  @Test
  void keepsNothingAndTrustsNothingWhileTheFeedIsDeaf() {
    stored.add("r/alice");
    cache.isMember("r", "alice");
    epoch.set(RoomEventFeed.DEAF);

    cache.isMember("r", "alice");
    cache.isMember("r", "alice");

    assertThat(reads).hasValue(3);
    assertThat(cache.keeps("r", "alice")).isFalse();
  }

  @Test
  void doesNotKeepAReadThatARemovalOverlapped() {
    stored.add("r/alice");
    // the store answers from before the removal, whose event arrives while the read is under way
    duringRead =
        () -> {
          duringRead = () -> {};
          cache.removed("r", "alice");
        };

    assertThat(cache.isMember("r", "alice")).as("the read's own answer").isTrue();
    assertThat(cache.keeps("r", "alice")).isFalse();
    stored.remove("r/alice");
    assertThat(cache.isMember("r", "alice")).isFalse();
  }

  @Test
  void aTtlOfZeroReadsTheStoreOnEveryCheck() {
    var uncached = new MembershipView(membersOnly(), () -> epoch::get, 0, now::get);
    stored.add("r/alice");

    uncached.isMember("r", "alice");
    uncached.isMember("r", "alice");

    assertThat(reads).hasValue(2);
  }

  @Test
  void startsAgainEmptyRatherThanGrowPastItsBound() {
    for (int i = 0; i <= MembershipView.ENTRIES; i++) {
      stored.add("r/u" + i);
      cache.isMember("r", "u" + i);
    }

    assertThat(cache.keeps("r", "u0")).isFalse();
    assertThat(cache.keeps("r", "u" + MembershipView.ENTRIES)).isTrue();
  }

  /**
   * A room store that only answers {@link RoomStore#findMember} from {@link #stored}, counting its
   * reads. why: the view asks nothing else, and a fake store lets a test step in during a read.
   */
  private RoomStore membersOnly() {
    return (RoomStore)
        Proxy.newProxyInstance(
            RoomStore.class.getClassLoader(),
            new Class<?>[] {RoomStore.class},
            (proxy, method, args) -> {
              if (!method.getName().equals("findMember")) {
                throw new UnsupportedOperationException(method.getName());
              }
              reads.incrementAndGet();
              String roomId = (String) args[0];
              String userId = (String) args[1];
              boolean member = stored.contains(roomId + "/" + userId);
              duringRead.run();
              return member
                  ? Optional.of(new Member(roomId, userId, MemberRole.MEMBER, Instant.EPOCH, 0))
                  : Optional.empty();
            });
  }
}
