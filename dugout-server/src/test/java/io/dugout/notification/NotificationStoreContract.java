package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.notification.NotificationStore.IdempotencyKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link NotificationStore} adapter must have: its Javadoc, sentence by
 * sentence.
 */
public abstract class NotificationStoreContract {

  private static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");
  private static final Duration RETENTION = Duration.ofDays(30);
  private final AtomicInteger ids = new AtomicInteger();

  protected NotificationStore store;

  protected abstract NotificationStore openEmpty() throws Exception;

  protected abstract NotificationStore reopen() throws Exception;

  protected abstract void close() throws Exception;

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  @Test
  void returnsAUsersNotificationsNewestFirstWithEveryField() {
    var first = notification("alice", T0, "{\"offer\":12}");
    var second = notification("alice", T0.plusSeconds(1), null);
    store.add(List.of(first), null);
    store.add(List.of(second, notification("bob", T0, null)), null);

    var page = store.page("alice", null, 10, false, T0.plusSeconds(2));

    assertThat(page).containsExactly(second, first);
    assertThat(page.get(1).data()).isEqualTo("{\"offer\":12}");
    assertThat(store.page("carol", null, 10, false, T0)).isEmpty();
  }

  @Test
  void pagesBelowACursorUntilTheOldestEvenWhenNewerOnesArriveMeanwhile() {
    var stored = new ArrayList<Notification>();
    for (int i = 0; i < 5; i++) {
      stored.add(notification("alice", T0.plusMillis(i), null));
    }
    // two in the same nanosecond: the id breaks the tie
    stored.add(notification("alice", T0.plusMillis(4), null));
    store.add(stored, null);
    var newestFirst =
        stored.stream()
            .sorted(
                (a, b) ->
                    a.createdAt().equals(b.createdAt())
                        ? b.id().compareTo(a.id())
                        : b.createdAt().compareTo(a.createdAt()))
            .toList();
    Instant now = T0.plusSeconds(1);

    var page1 = store.page("alice", null, 4, false, now);
    store.add(List.of(notification("alice", T0.plusSeconds(1), null)), null);
    var page2 = store.page("alice", NotificationCursor.of(page1.getLast()), 4, false, now);

    assertThat(page1).containsExactlyElementsOf(newestFirst.subList(0, 4));
    assertThat(page2).containsExactlyElementsOf(newestFirst.subList(4, 6));
    assertThat(store.page("alice", NotificationCursor.of(page2.getLast()), 4, false, now))
        .isEmpty();
  }

  @Test
  void replaysAnIdempotencyKeyWithTheFirstIdsAndStoresNothing() {
    var key = new IdempotencyKey("backend", "offer-1", T0.plus(RETENTION));
    var first =
        store.add(List.of(notification("alice", T0, null), notification("bob", T0, null)), key);
    var retry = store.add(List.of(notification("alice", T0.plusSeconds(1), null)), key);

    assertThat(first.created()).isTrue();
    assertThat(retry.created()).isFalse();
    assertThat(retry.ids()).isEqualTo(first.ids()).hasSize(2);
    assertThat(store.page("alice", null, 10, false, T0.plusSeconds(2))).hasSize(1);
    assertThat(store.unreadCount("alice", T0.plusSeconds(2))).isEqualTo(1);
  }

  @Test
  void keepsIdempotencyKeysApartPerScope() {
    var one = store.add(List.of(notification("alice", T0, null)), key("backend-a", "k"));
    var two = store.add(List.of(notification("alice", T0, null)), key("backend-b", "k"));
    assertThat(two.created()).isTrue();
    assertThat(two.ids()).isNotEqualTo(one.ids());
    assertThat(store.page("alice", null, 10, false, T0)).hasSize(2);
  }

  @Test
  void storesOneSetWhenRetriesWithOneKeyRace() throws Exception {
    var results = Collections.synchronizedList(new ArrayList<NotificationStore.Added>());
    var start = new CountDownLatch(1);
    try (var pool = Executors.newFixedThreadPool(6)) {
      for (int i = 0; i < 6; i++) {
        pool.submit(
            () -> {
              start.await();
              results.add(
                  store.add(List.of(notification("alice", T0, null)), key("backend", "race")));
              return null;
            });
      }
      start.countDown();
    }
    assertThat(results).hasSize(6);
    assertThat(results).filteredOn(NotificationStore.Added::created).hasSize(1);
    assertThat(results.stream().map(NotificationStore.Added::ids).distinct()).hasSize(1);
    assertThat(store.page("alice", null, 10, false, T0)).hasSize(1);
    assertThat(store.unreadCount("alice", T0)).isEqualTo(1);
  }

  @Test
  void countsUnreadAndMarksOnlyTheUsersOwnListedNotificationsRead() {
    var a1 = notification("alice", T0, null);
    var a2 = notification("alice", T0.plusSeconds(1), null);
    var b1 = notification("bob", T0, null);
    store.add(List.of(a1, a2, b1), null);
    Instant at = T0.plusSeconds(5);
    assertThat(store.unreadCount("alice", at)).isEqualTo(2);

    assertThat(store.markRead("alice", List.of(a1.id(), b1.id(), "unknown"), at, at)).isEqualTo(1);
    assertThat(store.markRead("alice", List.of(a1.id()), at.plusSeconds(1), at)).isZero();

    assertThat(store.unreadCount("alice", at)).isEqualTo(1);
    assertThat(store.unreadCount("bob", at)).isEqualTo(1);
    assertThat(store.page("alice", null, 10, false, at))
        .extracting(Notification::readAt)
        .containsExactly(null, at);
    assertThat(store.page("alice", null, 10, true, at)).containsExactly(a2);
  }

  @Test
  void marksAllReadOrAllCreatedUpToATime() {
    var old = notification("alice", T0, null);
    var mid = notification("alice", T0.plusSeconds(1), null);
    var recent = notification("alice", T0.plusSeconds(2), null);
    store.add(List.of(old, mid, recent, notification("bob", T0, null)), null);
    Instant at = T0.plusSeconds(3);

    assertThat(store.markAllRead("alice", mid.createdAt(), at, at)).isEqualTo(2);
    assertThat(store.page("alice", null, 10, true, at)).containsExactly(recent);
    assertThat(store.markAllRead("alice", null, at, at)).isEqualTo(1);

    assertThat(store.unreadCount("alice", at)).isZero();
    assertThat(store.unreadCount("bob", at)).isEqualTo(1);
  }

  @Test
  void marksAllReadAcrossMoreThanOneChunk() {
    var many = new ArrayList<Notification>();
    for (int i = 0; i < 2_100; i++) {
      many.add(notification("alice", T0.plusMillis(i), null));
    }
    store.add(many, null);
    Instant at = T0.plusSeconds(10);
    assertThat(store.markAllRead("alice", null, at, at)).isEqualTo(2_100);
    assertThat(store.unreadCount("alice", at)).isZero();
    assertThat(store.page("alice", null, 10, true, at)).isEmpty();
  }

  @Test
  void neverReturnsCountsOrMarksExpiredNotificationsBeforeTheyAreRemoved() {
    var old = notification("alice", T0, null);
    var fresh = notification("alice", T0.plus(Duration.ofDays(10)), null);
    store.add(List.of(old, fresh), null);
    Instant justBefore = old.expiresAt().minusMillis(1);
    Instant expiry = old.expiresAt();

    assertThat(store.page("alice", null, 10, false, justBefore)).containsExactly(fresh, old);
    assertThat(store.unreadCount("alice", justBefore)).isEqualTo(2);

    assertThat(store.page("alice", null, 10, false, expiry)).containsExactly(fresh);
    assertThat(store.page("alice", null, 10, true, expiry)).containsExactly(fresh);
    assertThat(store.unreadCount("alice", expiry)).isEqualTo(1);
    assertThat(store.markRead("alice", List.of(old.id()), expiry, expiry)).isZero();
    assertThat(store.markAllRead("alice", null, expiry, expiry)).isEqualTo(1);
    assertThat(store.unreadCount("alice", expiry)).isZero();
  }

  @Test
  void removesExpiredNotificationsAndKeys() {
    var key = key("backend", "k");
    store.add(List.of(notification("alice", T0, null)), key);
    var kept = notification("alice", T0.plus(Duration.ofDays(10)), null);
    store.add(List.of(kept), null);
    Instant after = T0.plus(RETENTION).plusSeconds(1);

    assertThat(store.removeExpired(after, 100)).isEqualTo(1);
    assertThat(store.removeExpired(after, 100)).isZero();

    assertThat(store.page("alice", null, 10, false, T0)).containsExactly(kept);
    assertThat(store.unreadCount("alice", T0)).isEqualTo(1);
    // the key went with its notifications: the same key sends again
    assertThat(store.add(List.of(notification("alice", after, null)), key).created()).isTrue();
  }

  @Test
  void removesAtMostTheGivenNumberPerCall() {
    var many = new ArrayList<Notification>();
    for (int i = 0; i < 5; i++) {
      many.add(notification("user-" + i, T0, null));
    }
    store.add(many, null);
    Instant after = T0.plus(RETENTION);
    assertThat(store.removeExpired(after, 3)).isEqualTo(3);
    assertThat(store.removeExpired(after, 3)).isEqualTo(2);
  }

  @Test
  void collapsesIntoOneNotificationPerKeyThatComesBackOnTopAndUnread() {
    var first = chat("alice", "room:r1", T0, "hi");
    var stored = store.collapse(first, T0);
    assertThat(stored).isEqualTo(first);
    var other = notification("alice", T0.plusSeconds(1), null);
    store.add(List.of(other), null);
    Instant at = T0.plusSeconds(2);
    store.markRead("alice", List.of(first.id()), at, at);

    var second = chat("alice", "room:r1", T0.plusSeconds(3), "there");
    var updated = store.collapse(second, T0.plusSeconds(3));

    assertThat(updated.id()).isEqualTo(first.id());
    assertThat(updated.count()).isEqualTo(2);
    assertThat(updated.body()).isEqualTo("there");
    assertThat(updated.createdAt()).isEqualTo(second.createdAt());
    assertThat(updated.expiresAt()).isEqualTo(second.expiresAt());
    assertThat(updated.unread()).isTrue();
    Instant now = T0.plusSeconds(4);
    assertThat(store.page("alice", null, 10, false, now)).containsExactly(updated, other);
    assertThat(store.unreadCount("alice", now)).isEqualTo(2);

    store.collapse(chat("alice", "room:r1", T0.plusSeconds(5), "again"), now);
    assertThat(store.unreadCount("alice", now)).isEqualTo(2);
    assertThat(store.page("alice", null, 10, false, now).getFirst().count()).isEqualTo(3);
    // why: several messages of a room notified at once count as many
    var three = chat("alice", "room:r1", T0.plusSeconds(5), "three more").withCount(3);
    assertThat(store.collapse(three, now).count()).isEqualTo(6);
    assertThat(store.page("alice", null, 10, false, now).getFirst().count()).isEqualTo(6);
    // another room, another user: their own notifications
    store.collapse(chat("alice", "room:r2", T0.plusSeconds(6), "elsewhere"), now);
    store.collapse(chat("bob", "room:r1", T0.plusSeconds(6), "hi bob"), now);
    assertThat(store.page("alice", null, 10, false, now)).hasSize(3);
    assertThat(store.page("bob", null, 10, false, now)).hasSize(1);
  }

  @Test
  void collapsesSeveralAsOneAfterAnotherWouldWithUsersAndKeysRepeated() {
    store.collapse(chat("alice", "room:r1", T0, "before"), T0);
    Instant now = T0.plusSeconds(10);
    var batch =
        List.of(
            chat("alice", "room:r1", T0.plusSeconds(1), "a1"),
            chat("bob", "room:r1", T0.plusSeconds(1), "b1"),
            chat("carol", "room:r1", T0.plusSeconds(1), "c1").withCount(2),
            chat("alice", "room:r2", T0.plusSeconds(2), "a2"),
            chat("bob", "room:r1", T0.plusSeconds(3), "b2"));

    var stored = store.collapseAll(batch, now);

    assertThat(stored).extracting(Notification::body).containsExactly("a1", "b1", "c1", "a2", "b2");
    assertThat(stored).extracting(Notification::count).containsExactly(2, 1, 2, 1, 2);
    assertThat(stored.get(4).id()).isEqualTo(stored.get(1).id());
    assertThat(store.page("alice", null, 10, false, now))
        .extracting(Notification::body)
        .containsExactly("a2", "a1");
    assertThat(store.page("bob", null, 10, false, now)).containsExactly(stored.get(4));
    assertThat(store.page("carol", null, 10, false, now)).containsExactly(stored.get(2));
    assertThat(store.unreadCount("alice", now)).isEqualTo(2);
    assertThat(store.unreadCount("bob", now)).isEqualTo(1);
    assertThat(store.unreadCount("carol", now)).isEqualTo(1);
    assertThat(store.collapseAll(List.of(), now)).isEmpty();
  }

  @Test
  void findsTheHeldNotificationOfACollapseKeyReadOrUnreadUntilItExpires() {
    store.collapse(chat("alice", "room:r1", T0, "hi"), T0);
    var held = store.collapse(chat("alice", "room:r1", T0.plusSeconds(1), "again"), T0);
    store.collapse(chat("bob", "room:r1", T0, "other user"), T0);
    store.markRead("alice", List.of(held.id()), T0.plusSeconds(2), T0.plusSeconds(2));

    var found = store.held("alice", "room:r1", T0.plusSeconds(3));

    assertThat(found.id()).isEqualTo(held.id());
    assertThat(found.body()).isEqualTo("again");
    assertThat(found.count()).isEqualTo(2);
    assertThat(found.readAt()).isNotNull();
    assertThat(store.held("alice", "room:r2", T0)).isNull();
    assertThat(store.held("carol", "room:r1", T0)).isNull();
    assertThat(store.held("alice", "room:r1", held.expiresAt())).isNull();
  }

  @Test
  void replacesAnExpiredCollapsedNotificationWithAFreshOne() {
    var first = chat("alice", "room:r1", T0, "old");
    store.collapse(first, T0);
    Instant later = first.expiresAt().plusSeconds(1);
    var fresh = chat("alice", "room:r1", later, "new");

    var stored = store.collapse(fresh, later);

    assertThat(stored).isEqualTo(fresh);
    assertThat(store.page("alice", null, 10, false, later)).containsExactly(fresh);
    assertThat(store.unreadCount("alice", later)).isEqualTo(1);
    assertThat(store.removeExpired(later, 10)).isZero();
    assertThat(store.page("alice", null, 10, false, later)).containsExactly(fresh);
    assertThat(store.unreadCount("alice", later)).isEqualTo(1);
  }

  @Test
  void keepsACollapsedNotificationPastTheExpiryItHadBeforeUntilItsOwn() {
    var first = store.collapse(chat("alice", "room:r1", T0, "hi"), T0);
    Instant later = T0.plus(Duration.ofDays(20));
    var updated = store.collapse(chat("alice", "room:r1", later, "there"), later);
    Instant pastFirst = first.expiresAt().plusSeconds(1);

    assertThat(store.unreadCount("alice", pastFirst)).isEqualTo(1);
    assertThat(store.removeExpired(pastFirst, 10)).isZero();
    assertThat(store.page("alice", null, 10, false, pastFirst)).containsExactly(updated);
    assertThat(store.unreadCount("alice", pastFirst)).isEqualTo(1);
    assertThat(store.collapse(chat("alice", "room:r1", pastFirst, "again"), pastFirst).id())
        .isEqualTo(first.id());
    assertThat(store.unreadCount("alice", pastFirst)).isEqualTo(1);
    assertThat(store.markRead("alice", List.of(first.id()), pastFirst, pastFirst)).isEqualTo(1);
    assertThat(store.unreadCount("alice", pastFirst)).isZero();

    Instant pastLast = pastFirst.plus(RETENTION);
    assertThat(store.removeExpired(pastLast, 10)).isEqualTo(1);
    assertThat(store.page("alice", null, 10, false, pastFirst)).isEmpty();
    assertThat(store.collapse(chat("alice", "room:r1", pastLast, "new"), pastLast).id())
        .isNotEqualTo(first.id());
  }

  @Test
  void expiresACollapsedNotificationAtAnEarlierExpiryThatACollapseGaveIt() {
    var first = store.collapse(chat("alice", "room:r1", T0, "hi"), T0);
    Instant later = T0.plus(Duration.ofDays(1));
    // why: a shorter retention configured since the first notification
    var shorter = chat("alice", "room:r1", later, "there");
    var earlier =
        new Notification(
            shorter.id(),
            shorter.userId(),
            shorter.kind(),
            shorter.title(),
            shorter.body(),
            shorter.data(),
            shorter.count(),
            shorter.createdAt(),
            null,
            later.plus(Duration.ofDays(10)),
            shorter.collapseKey());
    var updated = store.collapse(earlier, later);
    assertThat(updated.id()).isEqualTo(first.id());
    Instant between = updated.expiresAt().plusSeconds(1);

    assertThat(store.page("alice", null, 10, false, between)).isEmpty();
    assertThat(store.unreadCount("alice", between)).isZero();
    assertThat(store.removeExpired(between, 10)).isEqualTo(1);
    assertThat(store.removeExpired(first.expiresAt().plusSeconds(1), 10)).isZero();
  }

  @Test
  void countsAReadNotificationThatACollapseMadeUnreadPastTheExpiryItHadBefore() {
    var first = store.collapse(chat("alice", "room:r1", T0, "hi"), T0);
    store.markRead("alice", List.of(first.id()), T0.plusSeconds(1), T0.plusSeconds(1));
    Instant later = T0.plus(Duration.ofDays(20));
    store.collapse(chat("alice", "room:r1", later, "there"), later);
    Instant pastFirst = first.expiresAt().plusSeconds(1);

    assertThat(store.unreadCount("alice", pastFirst)).isEqualTo(1);
    assertThat(store.removeExpired(pastFirst, 10)).isZero();
    assertThat(store.unreadCount("alice", pastFirst)).isEqualTo(1);
    assertThat(store.markAllRead("alice", null, pastFirst, pastFirst)).isEqualTo(1);
    assertThat(store.unreadCount("alice", pastFirst)).isZero();
  }

  @Test
  void removesTheGivenNumberWhenNotificationsThatCollapsesKeptComeDueFirst() {
    for (int i = 0; i < 3; i++) {
      store.collapse(chat("user-" + i, "room:r1", T0, "hi"), T0);
      Instant later = T0.plus(Duration.ofDays(20));
      store.collapse(chat("user-" + i, "room:r1", later, "there"), later);
    }
    store.add(
        List.of(
            notification("other-1", T0.plusSeconds(1), null),
            notification("other-2", T0.plusSeconds(1), null)),
        null);
    Instant after = T0.plus(RETENTION).plusSeconds(2);

    assertThat(store.removeExpired(after, 2)).isEqualTo(2);
    assertThat(store.removeExpired(after, 2)).isZero();
    for (int i = 0; i < 3; i++) {
      assertThat(store.page("user-" + i, null, 10, false, after)).hasSize(1);
      assertThat(store.unreadCount("user-" + i, after)).isEqualTo(1);
    }
  }

  @Test
  void keepsEverythingAcrossAReopen() throws Exception {
    var key = key("backend", "k");
    var sent = store.add(List.of(notification("alice", T0, "{\"a\":[1,2]}")), key);
    var chat = store.collapse(chat("alice", "room:r1", T0.plusSeconds(1), "hi"), T0);
    store.markRead("alice", List.of(sent.ids().getFirst()), T0.plusSeconds(2), T0);

    store = reopen();

    Instant now = T0.plusSeconds(3);
    assertThat(store.page("alice", null, 10, false, now))
        .extracting(Notification::id)
        .containsExactly(chat.id(), sent.ids().getFirst());
    assertThat(store.page("alice", null, 10, false, now).getLast().data())
        .isEqualTo("{\"a\":[1,2]}");
    assertThat(store.unreadCount("alice", now)).isEqualTo(1);
    assertThat(store.add(List.of(notification("alice", now, null)), key).ids())
        .isEqualTo(sent.ids());
    assertThat(store.collapse(chat("alice", "room:r1", now, "again"), now).id())
        .isEqualTo(chat.id());
  }

  private Notification notification(String userId, Instant createdAt, String data) {
    return new Notification(
        "n-" + ids.incrementAndGet(),
        userId,
        "trade.offer",
        "An offer",
        "12 EUR for your bat",
        data,
        1,
        createdAt,
        null,
        createdAt.plus(RETENTION),
        null);
  }

  private Notification chat(String userId, String collapseKey, Instant createdAt, String body) {
    return new Notification(
        "c-" + ids.incrementAndGet(),
        userId,
        "chat.message",
        "Room",
        body,
        "{\"roomId\":\"r1\"}",
        1,
        createdAt,
        null,
        createdAt.plus(RETENTION),
        collapseKey);
  }

  private static IdempotencyKey key(String scope, String key) {
    return new IdempotencyKey(scope, key, T0.plus(RETENTION));
  }
}
