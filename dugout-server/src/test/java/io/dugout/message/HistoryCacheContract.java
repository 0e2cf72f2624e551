package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link HistoryCache} adapter must have: an answer is the store's answer or
 * none, whatever the cache lost, and a cache of N messages per room serves every page that lies
 * inside a room's newest N once it has seen them. An adapter's test class only says how to open a
 * cache and how to make it forget everything.
 *
 * <p>Each test plays the store itself ({@link RoomLog}) and calls the cache the way {@link
 * MessageService} does: {@code stored} after the store write, {@code before} first on a read and
 * {@code loaded} with the store's page after a miss, and changes as the store applies them.
 *
 * <p>Over 300 lines: it is the port's whole contract, run by each adapter through one fixture.
 */
public abstract class HistoryCacheContract {

  private static final String ROOM = "0193f6c2-0000-7000-8000-00000000c001";
  private static final String OTHER_ROOM = "0193f6c2-0000-7000-8000-00000000c002";

  protected HistoryCache cache;

  /** A cache keeping the newest {@code messagesPerRoom} messages of each room, holding nothing. */
  protected abstract HistoryCache open(int messagesPerRoom) throws Exception;

  /** Makes the cache lose everything it holds at once (for Redis: {@code FLUSHALL}). */
  protected abstract void forgetEverything() throws Exception;

  protected abstract void close() throws Exception;

  @AfterEach
  void closeCache() throws Exception {
    close();
  }

  @Test
  void servesTheNewestPageOnceItsMessagesWereStored() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(10);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 5).page())
        .contains(room.store(Long.MAX_VALUE, 5));
    assertThat(cache.before(ROOM, 8, 3).page()).contains(room.store(8, 3));
  }

  @Test
  void servesARoomSmallerThanThePageFromItsFirstMessage() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(3);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 51).page())
        .contains(room.store(Long.MAX_VALUE, 51));
    assertThat(cache.before(ROOM, 4, 51).page()).contains(room.store(4, 51));
  }

  @Test
  void keepsMessagesExactlyAsTheStoreHoldsThem() throws Exception {
    cache = open(100);
    var message =
        new Message(
            ROOM,
            1,
            "zoë",
            MessageKind.IMAGE,
            "\"quoted\" \\ ünïcødé 🐟 {json}",
            List.of(new Attachment("https://cdn.example/a.png", "a b.png", 1234, "image/png")),
            "client-1",
            Instant.parse("2026-11-22T04:01:02.345678901Z"));
    cache.stored(message);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).contains(List.of(message));
  }

  @Test
  void keepsRoomsApart() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    var other = new RoomLog(cache, OTHER_ROOM);
    room.append(5);
    other.append(2);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page())
        .contains(room.store(Long.MAX_VALUE, 10));
    assertThat(cache.before(OTHER_ROOM, Long.MAX_VALUE, 10).page())
        .contains(other.store(Long.MAX_VALUE, 10));
  }

  @Test
  void answersEveryCursorAndLimitExactlyAndServesAllInsideTheNewestN() throws Exception {
    cache = open(20);
    var room = new RoomLog(cache, ROOM);
    room.append(30);

    for (long before = 1; before <= 33; before++) {
      for (int limit = 1; limit <= 25; limit++) {
        long hi = Math.min(before - 1, 30);
        boolean insideNewest20 = hi >= 11 && hi - limit + 1 >= 11;
        var answer = cache.before(ROOM, before, limit).page();
        assertExactOrMiss(answer, room.store(before, limit));
        assertThat(answer.isPresent())
            .as("before %d limit %d served from the cache", before, limit)
            .isEqualTo(insideNewest20);
      }
    }
  }

  @Test
  void missesAPageThatReachesPastTheOldestMessageItKeeps() throws Exception {
    cache = open(20);
    var room = new RoomLog(cache, ROOM);
    room.append(100);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 20).page())
        .contains(room.store(Long.MAX_VALUE, 20));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 21).page()).isEmpty();
    assertThat(cache.before(ROOM, 82, 1).page()).contains(room.store(82, 1));
    assertThat(cache.before(ROOM, 81, 1).page()).isEmpty();
  }

  @Test
  void fillsFromTheStoresPagesOnceAWriteBeganTheRoomsRun() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.appendWithoutCache(40); // written before the cache existed
    room.append(1);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).isEmpty();
    room.read(Long.MAX_VALUE, 10); // a miss: the store's page is offered to the cache
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page())
        .contains(room.store(Long.MAX_VALUE, 10));

    room.read(32, 10); // the next page down joins the first
    assertThat(cache.before(ROOM, 32, 10).page()).contains(room.store(32, 10));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 20).page())
        .contains(room.store(Long.MAX_VALUE, 20));
  }

  @Test
  void neverTakesAnOlderPageForTheNewest() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.appendWithoutCache(12);

    var miss = cache.before(ROOM, 11, 5);
    cache.loaded(ROOM, room.store(11, 5), miss); // 10..6: messages 11 and 12 exist above it
    room.read(Long.MAX_VALUE, 5);

    assertExactOrMiss(cache.before(ROOM, Long.MAX_VALUE, 5).page(), room.store(Long.MAX_VALUE, 5));
    assertExactOrMiss(cache.before(ROOM, 11, 5).page(), room.store(11, 5));
  }

  @Test
  void neverServesAPageAcrossAGap() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(10);
    room.appendWithoutCache(1); // seq 11: a write the cache never saw
    room.append(5);

    assertEveryPageExactOrMiss(room, 17);
    assertExactOrMiss(
        cache.before(ROOM, Long.MAX_VALUE, 10).page(), room.store(Long.MAX_VALUE, 10));
  }

  @Test
  void storingAMessageTwiceKeepsItOnce() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(3);
    cache.stored(room.messages.get(1));
    cache.stored(room.messages.get(2));

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page())
        .contains(room.store(Long.MAX_VALUE, 10));
  }

  @Test
  void answersRightWhenEverythingIsForgottenBetweenTwoPages() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(40);

    var first = room.read(Long.MAX_VALUE, 10);
    forgetEverything();
    var second = cache.before(ROOM, first.getLast().seq(), 10).page();
    assertExactOrMiss(second, room.store(first.getLast().seq(), 10));
    assertThat(room.read(first.getLast().seq(), 10)).isEqualTo(room.store(31, 10));

    room.append(1);
    assertThat(room.read(Long.MAX_VALUE, 10)).isEqualTo(room.store(Long.MAX_VALUE, 10));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page())
        .contains(room.store(Long.MAX_VALUE, 10));
  }

  /**
   * A newest page read while a room is written may be any page the room had between the last write
   * the cache was told of before the read and the writes after it; a page below a seq is always
   * exactly the store's.
   */
  @Test
  void answersExactlyWhileMessagesAreAppendedDuringPaging() throws Exception {
    cache = open(200);
    var room = new RoomLog(cache, ROOM);
    var writing = new AtomicBoolean(true);
    var problems = new ConcurrentLinkedQueue<String>();
    var hits = new AtomicInteger();
    var writer =
        Thread.ofPlatform()
            .start(
                () -> {
                  room.append(1500);
                  writing.set(false);
                });
    var readers = new ArrayList<Thread>();
    for (int r = 0; r < 2; r++) {
      readers.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    var random = ThreadLocalRandom.current();
                    while (writing.get()) {
                      long cachedBefore = room.cachedUpTo;
                      int limit = 1 + random.nextInt(60);
                      var newest = room.read(Long.MAX_VALUE, limit);
                      long durableAfter = room.messages.size();
                      long top = newest.isEmpty() ? 0 : newest.getFirst().seq();
                      if (top < cachedBefore || top > durableAfter) {
                        problems.add("newest page topped at " + top + ", not " + cachedBefore);
                      } else if (!newest.equals(room.store(top + 1, limit))) {
                        problems.add("newest page below " + (top + 1) + " was " + seqs(newest));
                      }
                      long cursor = top + 1;
                      for (int page = 0; page < 5 && cursor > 1; page++) {
                        var cached = cache.before(ROOM, cursor, limit).page();
                        if (cached.isPresent()) {
                          hits.incrementAndGet();
                          if (!cached.get().equals(room.store(cursor, limit))) {
                            problems.add("page below " + cursor + " was " + seqs(cached.get()));
                          }
                        }
                        var read = room.read(cursor, limit);
                        cursor = read.isEmpty() ? 1 : read.getLast().seq();
                      }
                    }
                  }));
    }
    Waits.joined(writer, Duration.ofSeconds(60));
    for (var reader : readers) {
      Waits.joined(reader, Duration.ofSeconds(10));
    }

    assertThat(problems).isEmpty();
    assertThat(hits.get()).isPositive();
  }

  @Test
  void keepsEntriesWithoutWhatIsAddedWhenTheyAreDelivered() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(3);
    var reply = room.reply(1);
    var edit = room.change(MessageChange.EDITED, 2, "two, edited", null);

    var page = cache.before(ROOM, Long.MAX_VALUE, 10).page();
    assertThat(List.of(reply, edit)).allMatch(Message::rendered);
    assertThat(page).contains(room.store(Long.MAX_VALUE, 10));
    assertThat(page.orElseThrow()).noneMatch(Message::rendered);
  }

  @Test
  void servesAChangedMessageInTheStateItsNewestChangeLeftIt() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(5);
    room.change(MessageChange.EDITED, 2, "edited once", null);
    room.change(MessageChange.REACTION_ADDED, 2, null, "👍");
    room.change(MessageChange.EDITED, 2, "edited twice", null);
    room.change(MessageChange.DELETED, 4, null, null);
    room.change(MessageChange.REACTION_ADDED, 5, null, "🎉");
    room.change(MessageChange.REACTION_REMOVED, 5, null, "🎉");

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 20).page())
        .contains(room.store(Long.MAX_VALUE, 20));
    var messages = cache.before(ROOM, 6, 5).page().orElseThrow();
    assertThat(messages).isEqualTo(room.store(6, 5));
    assertThat(messages.get(3).content()).isEqualTo("edited twice");
    assertThat(messages.get(3).reactions()).hasSize(1);
    assertThat(messages.get(1).deleted()).isTrue();
    assertThat(messages.toString()).doesNotContain("message 4");
    assertThat(messages.getFirst().changedSeq()).isEqualTo(11);
  }

  @Test
  void aChangeToldAgainNeverStepsItsTargetBack() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(3);
    var first = room.change(MessageChange.EDITED, 1, "first", null);
    room.change(MessageChange.EDITED, 1, "second", null);

    room.tell(first); // late, after the change that followed it

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page())
        .contains(room.store(Long.MAX_VALUE, 10));
  }

  @Test
  void aMessageToldLateNeverJoinsInAStateThatAChangeReplaced() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(10);
    room.appendWithoutCache(1);
    var late = room.messages.get(10); // seq 11 as it was stored; its tell is still on its way
    room.change(MessageChange.EDITED, 11, "edited", null); // seq 12 overtakes it

    room.tell(late);

    assertEveryPageExactOrMiss(room, 14);
    assertExactOrMiss(cache.before(ROOM, Long.MAX_VALUE, 2).page(), room.store(Long.MAX_VALUE, 2));
  }

  @Test
  void aMessageToldLateStillJoinsWhenNothingChangedIt() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.append(10);
    room.appendWithoutCache(1);
    var late = room.messages.get(10);
    room.append(1); // seq 12 overtakes it and begins the run

    room.tell(late);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 2).page())
        .contains(room.store(Long.MAX_VALUE, 2));
  }

  /**
   * The race of a reader and a change, made deterministic: the reader misses and reads the store,
   * then a change lands and its write reaches the cache, then the reader offers the page it read.
   */
  @Test
  void neverPutsBackAStateThatAChangeReplacedWhileThePageWasRead() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.appendWithoutCache(10);
    room.append(10);

    var miss = cache.before(ROOM, 11, 10);
    assertThat(miss.page()).isEmpty();
    var read = room.store(11, 10);
    room.change(MessageChange.DELETED, 5, null, null);
    cache.loaded(ROOM, read, miss);

    assertEveryPageExactOrMiss(room, 22);
    assertThat(room.read(11, 10)).isEqualTo(room.store(11, 10));
    assertThat(cache.before(ROOM, 11, 10).page()).contains(room.store(11, 10));
  }

  @Test
  void neverKeepsAPageReadHalfwayThroughAChange() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.appendWithoutCache(10);
    var unchanged = room.messages.get(4);
    room.changeWithoutCache(MessageChange.EDITED, 5, "edited", null); // seq 11, told later
    room.append(1);

    var miss = cache.before(ROOM, 12, 11);
    var halfway = new ArrayList<>(room.store(12, 11)); // the change, but 5 as it was before it
    halfway.set(11 - 5, unchanged);
    cache.loaded(ROOM, halfway, miss);

    assertExactOrMiss(cache.before(ROOM, 12, 11).page(), room.store(12, 11));
    assertExactOrMiss(cache.before(ROOM, 6, 5).page(), room.store(6, 5));
  }

  /**
   * A change whose write never reached the cache (its node died between the store and the cache) is
   * not hidden under the entries after it: a page fills the run only downwards, so the next write
   * finds the gap and begins the run again.
   */
  @Test
  void aChangeTheCacheNeverHeardOfIsNotServedBelowALaterEntry() throws Exception {
    cache = open(100);
    var room = new RoomLog(cache, ROOM);
    room.appendWithoutCache(5);
    room.append(5);
    room.changeWithoutCache(MessageChange.EDITED, 7, "edited", null); // seq 11, write lost
    room.appendWithoutCache(1);

    var miss = cache.before(ROOM, Long.MAX_VALUE, 8);
    assertThat(miss.page()).isEmpty();
    cache.loaded(ROOM, room.store(Long.MAX_VALUE, 8), miss); // 12..5
    room.append(1);

    assertEveryPageExactOrMiss(room, 15);
  }

  /**
   * Readers page while a writer posts and changes messages: once the writes are over, whatever the
   * cache serves is exactly the store's, so no page put back a state that a change replaced.
   */
  @Test
  void endsExactAfterReadersRacedWritersOfMessagesAndChanges() throws Exception {
    cache = open(200);
    var room = new RoomLog(cache, ROOM);
    room.append(1);
    var writing = new AtomicBoolean(true);
    var hits = new AtomicInteger();
    var writer =
        Thread.ofPlatform()
            .start(
                () -> {
                  var random = ThreadLocalRandom.current();
                  for (int i = 0; i < 1500; i++) {
                    long newest = room.messages.size();
                    long target = Math.max(1, newest - random.nextInt(300));
                    if (random.nextInt(3) > 0
                        || room.messages.get((int) target - 1).isChangeEntry()) {
                      room.append(1);
                    } else {
                      var type =
                          MessageChange.values()[random.nextInt(MessageChange.values().length)];
                      room.change(type, target, "edit " + i, "👍");
                    }
                  }
                  writing.set(false);
                });
    var readers = new ArrayList<Thread>();
    for (int r = 0; r < 2; r++) {
      readers.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    var random = ThreadLocalRandom.current();
                    while (writing.get()) {
                      long cursor = Long.MAX_VALUE;
                      int limit = 1 + random.nextInt(60);
                      for (int page = 0; page < 6 && cursor > 1; page++) {
                        if (cache.before(ROOM, cursor, limit).hit() != null) {
                          hits.incrementAndGet();
                        }
                        var read = room.read(cursor, limit);
                        cursor = read.isEmpty() ? 1 : read.getLast().seq();
                      }
                    }
                  }));
    }
    Waits.joined(writer, Duration.ofSeconds(60));
    for (var reader : readers) {
      Waits.joined(reader, Duration.ofSeconds(10));
    }

    assertThat(hits.get()).isPositive();
    long newest = room.messages.size();
    for (long before = newest + 1; before > 1; before -= 7) {
      for (int limit : new int[] {1, 20, 60}) {
        assertExactOrMiss(cache.before(ROOM, before, limit).page(), room.store(before, limit));
      }
    }
    assertThat(room.read(Long.MAX_VALUE, 60)).isEqualTo(room.store(Long.MAX_VALUE, 60));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 60).page())
        .contains(room.store(Long.MAX_VALUE, 60));
  }

  /** Every page below the cursors 1 to {@code n}, of every size from 1 to n: exact or a miss. */
  private void assertEveryPageExactOrMiss(RoomLog room, int n) {
    for (long before = 1; before <= n; before++) {
      for (int limit = 1; limit <= n; limit++) {
        assertExactOrMiss(cache.before(room.id, before, limit).page(), room.store(before, limit));
      }
    }
  }

  private static void assertExactOrMiss(Optional<List<Message>> answer, List<Message> store) {
    answer.ifPresent(page -> assertThat(seqs(page)).isEqualTo(seqs(store)));
    answer.ifPresent(page -> assertThat(page).isEqualTo(store));
  }

  private static List<Long> seqs(List<Message> messages) {
    return messages.stream().map(Message::seq).toList();
  }
}
