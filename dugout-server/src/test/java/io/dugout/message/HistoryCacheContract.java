package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link HistoryCache} adapter must have: an answer is the store's answer or
 * none, whatever the cache lost, and a cache of N messages per room serves every page that lies
 * inside a room's newest N once it has seen them. An adapter's test class only says how to open a
 * cache and how to make it forget everything.
 *
 * <p>Each test plays the store itself ({@link Room}) and calls the cache the way {@link
 * MessageService} does: {@code stored} after the store write, {@code before} first on a read and
 * {@code loaded} with the store's page after a miss.
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
    var room = new Room(ROOM);
    room.append(10);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 5)).contains(room.store(Long.MAX_VALUE, 5));
    assertThat(cache.before(ROOM, 8, 3)).contains(room.store(8, 3));
  }

  @Test
  void servesARoomSmallerThanThePageFromItsFirstMessage() throws Exception {
    cache = open(100);
    var room = new Room(ROOM);
    room.append(3);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 51)).contains(room.store(Long.MAX_VALUE, 51));
    assertThat(cache.before(ROOM, 4, 51)).contains(room.store(4, 51));
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

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10)).contains(List.of(message));
  }

  @Test
  void keepsRoomsApart() throws Exception {
    cache = open(100);
    var room = new Room(ROOM);
    var other = new Room(OTHER_ROOM);
    room.append(5);
    other.append(2);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10)).contains(room.store(Long.MAX_VALUE, 10));
    assertThat(cache.before(OTHER_ROOM, Long.MAX_VALUE, 10))
        .contains(other.store(Long.MAX_VALUE, 10));
  }

  @Test
  void answersEveryCursorAndLimitExactlyAndServesAllInsideTheNewestN() throws Exception {
    cache = open(20);
    var room = new Room(ROOM);
    room.append(30);

    for (long before = 1; before <= 33; before++) {
      for (int limit = 1; limit <= 25; limit++) {
        long hi = Math.min(before - 1, 30);
        boolean insideNewest20 = hi >= 11 && hi - limit + 1 >= 11;
        var answer = cache.before(ROOM, before, limit);
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
    var room = new Room(ROOM);
    room.append(100);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 20)).contains(room.store(Long.MAX_VALUE, 20));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 21)).isEmpty();
    assertThat(cache.before(ROOM, 82, 1)).contains(room.store(82, 1));
    assertThat(cache.before(ROOM, 81, 1)).isEmpty();
  }

  @Test
  void fillsFromTheStoresPagesOnceAWriteBeganTheRoomsRun() throws Exception {
    cache = open(100);
    var room = new Room(ROOM);
    room.appendWithoutCache(40); // written before the cache existed
    room.append(1);

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10)).isEmpty();
    room.read(Long.MAX_VALUE, 10); // a miss: the store's page is offered to the cache
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10)).contains(room.store(Long.MAX_VALUE, 10));

    room.read(32, 10); // the next page down joins the first
    assertThat(cache.before(ROOM, 32, 10)).contains(room.store(32, 10));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 20)).contains(room.store(Long.MAX_VALUE, 20));
  }

  @Test
  void neverTakesAnOlderPageForTheNewest() throws Exception {
    cache = open(100);
    var room = new Room(ROOM);
    room.appendWithoutCache(12);

    cache.loaded(ROOM, room.store(11, 5)); // 10..6: messages 11 and 12 exist above it
    room.read(Long.MAX_VALUE, 5);

    assertExactOrMiss(cache.before(ROOM, Long.MAX_VALUE, 5), room.store(Long.MAX_VALUE, 5));
    assertExactOrMiss(cache.before(ROOM, 11, 5), room.store(11, 5));
  }

  @Test
  void neverServesAPageAcrossAGap() throws Exception {
    cache = open(100);
    var room = new Room(ROOM);
    room.append(10);
    room.appendWithoutCache(1); // seq 11: a write the cache never saw
    room.append(5);

    for (long before = 1; before <= 17; before++) {
      for (int limit = 1; limit <= 17; limit++) {
        assertExactOrMiss(cache.before(ROOM, before, limit), room.store(before, limit));
      }
    }
    assertExactOrMiss(cache.before(ROOM, Long.MAX_VALUE, 10), room.store(Long.MAX_VALUE, 10));
  }

  @Test
  void storingAMessageTwiceKeepsItOnce() throws Exception {
    cache = open(100);
    var room = new Room(ROOM);
    room.append(3);
    cache.stored(room.messages.get(1));
    cache.stored(room.messages.get(2));

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10)).contains(room.store(Long.MAX_VALUE, 10));
  }

  @Test
  void answersRightWhenEverythingIsForgottenBetweenTwoPages() throws Exception {
    cache = open(100);
    var room = new Room(ROOM);
    room.append(40);

    var first = room.read(Long.MAX_VALUE, 10);
    forgetEverything();
    var second = cache.before(ROOM, first.getLast().seq(), 10);
    assertExactOrMiss(second, room.store(first.getLast().seq(), 10));
    assertThat(room.read(first.getLast().seq(), 10)).isEqualTo(room.store(31, 10));

    room.append(1);
    assertThat(room.read(Long.MAX_VALUE, 10)).isEqualTo(room.store(Long.MAX_VALUE, 10));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10)).contains(room.store(Long.MAX_VALUE, 10));
  }

  /**
   * A newest page read while a room is written may be any page the room had between the last write
   * the cache was told of before the read and the writes after it; a page below a seq is always
   * exactly the store's.
   */
  @Test
  void answersExactlyWhileMessagesAreAppendedDuringPaging() throws Exception {
    cache = open(200);
    var room = new Room(ROOM);
    var writing = new AtomicBoolean(true);
    var problems = new ConcurrentLinkedQueue<String>();
    var hits = new java.util.concurrent.atomic.AtomicInteger();
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
                      } else if (!newest.equals(room.page(top + 1, limit))) {
                        problems.add("newest page below " + (top + 1) + " was " + seqs(newest));
                      }
                      long cursor = top + 1;
                      for (int page = 0; page < 5 && cursor > 1; page++) {
                        var cached = cache.before(ROOM, cursor, limit);
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

  private static void assertExactOrMiss(Optional<List<Message>> answer, List<Message> store) {
    answer.ifPresent(page -> assertThat(seqs(page)).isEqualTo(seqs(store)));
    answer.ifPresent(page -> assertThat(page).isEqualTo(store));
  }

  private static List<Long> seqs(List<Message> messages) {
    return messages.stream().map(Message::seq).toList();
  }

  /** One room as the store holds it; tells the cache of each write as {@link MessageService}. */
  protected final class Room {

    final String id;
    final List<Message> messages = new CopyOnWriteArrayList<>();

    /** The newest seq whose {@code stored} call has returned. */
    volatile long cachedUpTo;

    Room(String id) {
      this.id = id;
    }

    /** Stores {@code count} new messages, telling the cache of each after the store write. */
    void append(int count) {
      for (int i = 0; i < count; i++) {
        var message = next();
        messages.add(message);
        cache.stored(message);
        cachedUpTo = message.seq();
      }
    }

    /** Stores {@code count} new messages the cache never hears of. */
    void appendWithoutCache(int count) {
      for (int i = 0; i < count; i++) {
        messages.add(next());
      }
    }

    /** The store's answer: the {@code limit} newest messages below {@code beforeSeq}. */
    List<Message> store(long beforeSeq, int limit) {
      return page(beforeSeq, limit);
    }

    List<Message> page(long beforeSeq, int limit) {
      var snapshot = List.copyOf(messages);
      var page = new ArrayList<Message>();
      long from = Math.min(beforeSeq - 1, snapshot.size());
      for (long seq = from; seq >= 1 && page.size() < limit; seq--) {
        page.add(snapshot.get((int) seq - 1));
      }
      return page;
    }

    /** A history read as {@link MessageService} makes it: the cache, else the store. */
    List<Message> read(long beforeSeq, int limit) {
      var cached = cache.before(id, beforeSeq, limit);
      if (cached.isPresent()) {
        return cached.get();
      }
      var page = store(beforeSeq, limit);
      cache.loaded(id, page);
      return page;
    }

    private Message next() {
      long seq = messages.size() + 1;
      return new Message(
          id,
          seq,
          "user-" + (seq % 3),
          MessageKind.TEXT,
          "message " + seq,
          List.of(),
          "c-" + seq,
          Instant.parse("2026-11-22T04:01:02Z").plusMillis(seq));
    }
  }
}
