package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.Room;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link MessageStore} adapter must have, on its own ({@link
 * MessageStore#write} as the arbiter of each place) and under the {@link LocalSequencer} that
 * orders a node's appends. An adapter's test class only says how to open (and reopen) its store.
 *
 * <p>Over 300 lines: the one contract every adapter runs; its nested groups ({@code Changes}) keep
 * the parts apart, and splitting it into classes would make each adapter list them all.
 */
public abstract class MessageStoreContract {

  private static final String ROOM = "0193f6c2-0000-7000-8000-000000000001";
  private static final String OTHER_ROOM = "0193f6c2-0000-7000-8000-000000000002";

  protected MessageStore store;
  private Sequencer sequencer;

  /** A store over fresh, empty storage. */
  protected abstract MessageStore openEmpty() throws Exception;

  /** Closes the current store and opens a new one over the same storage. */
  protected abstract MessageStore reopen() throws Exception;

  protected abstract void close() throws Exception;

  /** The room store over the same storage as {@link #store}, for the senders' read markers. */
  protected abstract RoomStore rooms();

  /**
   * Whether the store keeps messages as their {@link MessageJson} and so hands it on with a created
   * write ({@link MessageStore.Written#json}).
   */
  protected boolean keepsJson() {
    return false;
  }

  /** The marks of messages whose notifications may not be made, on this adapter's storage. */
  protected abstract UnnotifiedMessages unnotified();

  /** The marks this adapter's store writes ({@link UnnotifiedMessagesContract}). */
  @Nested
  class Unnotified extends UnnotifiedMessagesContract {

    @Override
    protected Sequencer sequencer() {
      return sequencer;
    }

    @Override
    protected UnnotifiedMessages unnotified() {
      return MessageStoreContract.this.unnotified();
    }

    @Override
    protected void restart() throws Exception {
      store = reopen();
      sequencer = new LocalSequencer(store, List.of());
    }
  }

  /** The changes to messages, on this adapter's store ({@link MessageChangeContract}). */
  @Nested
  class Changes extends MessageChangeContract {

    @Override
    protected MessageStore store() {
      return store;
    }

    @Override
    protected Sequencer sequencer() {
      return sequencer;
    }

    @Override
    protected void restart() throws Exception {
      store = reopen();
      sequencer = new LocalSequencer(store, List.of());
    }
  }

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
    sequencer = new LocalSequencer(store, List.of());
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  @Test
  void numbersARoomsMessagesFromOneWithoutGaps() {
    for (int i = 1; i <= 5; i++) {
      assertThat(append(ROOM, "alice", "m" + i).message().seq()).isEqualTo(i);
    }
    assertThat(store.lastSeq(ROOM)).isEqualTo(5);
  }

  @Test
  void aCreatedWriteHandsOnTheMessagesOwnJsonExactlyWhenTheStoreKeepsJson() {
    var message = message(ROOM, 1, "alice", "c-json");

    var written = store.write(message);

    assertThat(written.outcome()).isEqualTo(MessageStore.Outcome.CREATED);
    assertThat(written.json()).isEqualTo(keepsJson() ? MessageJson.write(message) : null);
    assertThat(store.write(message(ROOM, 2, "alice", "c-json")).json())
        .as("a retry hands on nothing to deliver")
        .isNull();
  }

  @Test
  void keepsWhatASystemMessageRecordsAcrossARestart() throws Exception {
    var system =
        new SystemEvent(
            "room.member.muted", "alice", "bob", java.util.Map.of("until", "2026-11-22T05:00:00Z"));
    var appended =
        sequencer.append(
            ROOM,
            NewMessage.system(
                "bob", "bob was muted", "system-1", Instant.parse("2026-11-22T04:01:02Z"), system));
    assertThat(appended.message().system()).isEqualTo(system);
    store = reopen();

    assertThat(store.before(ROOM, Long.MAX_VALUE, 1).getFirst().system()).isEqualTo(system);
    assertThat(
            new String(
                store.beforeJson(ROOM, Long.MAX_VALUE, 1).getFirst(),
                java.nio.charset.StandardCharsets.UTF_8))
        .contains("\"system\":{\"action\":\"room.member.muted\"");
  }

  @Test
  void keepsSeparateSequencesPerRoom() {
    append(ROOM, "alice", "a1");
    append(ROOM, "alice", "a2");
    assertThat(append(OTHER_ROOM, "alice", "b1").message().seq()).isEqualTo(1);
    assertThat(store.lastSeq(ROOM)).isEqualTo(2);
    assertThat(store.lastSeq(OTHER_ROOM)).isEqualTo(1);
  }

  @Test
  void readsTheLastSeqsOfManyRoomsAsEachRoomsOwn() {
    append(ROOM, "alice", "a1");
    append(ROOM, "alice", "a2");
    append(OTHER_ROOM, "alice", "b1");
    // why: more rooms than one read of an adapter that reads them together takes
    var rooms = new java.util.ArrayList<String>();
    for (int i = 0; i < 1_200; i++) {
      rooms.add("empty-" + i);
    }
    rooms.add(600, ROOM);
    rooms.add(OTHER_ROOM);

    var last = store.lastSeqs(rooms);

    assertThat(last).hasSize(rooms.size()).containsEntry(ROOM, 2L).containsEntry(OTHER_ROOM, 1L);
    assertThat(last).containsEntry("empty-0", 0L).containsEntry("empty-1199", 0L);
    assertThat(store.lastSeqs(List.of())).isEmpty();
  }

  @Test
  void reportsZeroAsLastSeqOfAnEmptyRoom() {
    assertThat(store.lastSeq(ROOM)).isZero();
    assertThat(store.before(ROOM, Long.MAX_VALUE, 10)).isEmpty();
    assertThat(store.after(ROOM, 0, 10)).isEmpty();
  }

  @Test
  void returnsTheOriginalAndStoresNothingWhenAClientMsgIdIsRetried() {
    var first = append(ROOM, "alice", "c-1", "hello");
    var retry = append(ROOM, "alice", "c-1", "hello again");
    assertThat(retry.created()).isFalse();
    assertThat(retry.message()).isEqualTo(first.message());
    assertThat(store.lastSeq(ROOM)).isEqualTo(1);
    assertThat(store.before(ROOM, Long.MAX_VALUE, 10)).hasSize(1);
  }

  @Test
  void holdsTheRetryKeyOfEveryStoredEntryAndOfNothingElse() throws Exception {
    assertThat(store.holdsRetryKey(ROOM, "alice", "c-1")).isFalse();

    append(ROOM, "alice", "c-1");
    sequencer.append(
        ROOM,
        NewMessage.change(
            "alice", MessageChange.EDITED, 1, "edited", null, "c-edit", Instant.now()));

    assertThat(store.holdsRetryKey(ROOM, "alice", "c-1")).isTrue();
    assertThat(store.holdsRetryKey(ROOM, "alice", "c-edit")).as("a change's key").isTrue();
    assertThat(store.holdsRetryKey(ROOM, "bob", "c-1")).as("another sender").isFalse();
    assertThat(store.holdsRetryKey(OTHER_ROOM, "alice", "c-1")).as("another room").isFalse();
    assertThat(store.holdsRetryKey(ROOM, "alice", "c-2")).isFalse();
    store = reopen();
    assertThat(store.holdsRetryKey(ROOM, "alice", "c-1")).as("after a restart").isTrue();
  }

  @Test
  void findsTheHoldersOfManyRetryKeysAtOnceAsARetriedWriteReturnsThem() throws Exception {
    var one = append(ROOM, "alice", "c-1", "one").message();
    var two = append(ROOM, "bob", "c-1", "two").message();
    var other = append(OTHER_ROOM, "alice", "c-2", "other").message();
    append(ROOM, "alice", "c-3", "not asked for");
    var asked =
        List.of(
            new RetryKey(ROOM, "alice", "c-1"),
            new RetryKey(ROOM, "bob", "c-1"),
            new RetryKey(OTHER_ROOM, "alice", "c-2"),
            new RetryKey(ROOM, "alice", "c-2"),
            new RetryKey(OTHER_ROOM, "bob", "c-1"),
            new RetryKey(ROOM, "carol", "c-9"));

    assertThat(store.retryHolders(asked)).containsExactlyInAnyOrder(one, two, other);
    assertThat(store.retryHolders(asked))
        .as("what a retried write returns")
        .contains(store.write(message(ROOM, 9, "bob", "c-1")).message());
    assertThat(store.retryHolders(List.of())).isEmpty();
    store = reopen();
    assertThat(store.retryHolders(asked)).as("after a restart").hasSize(3);
  }

  @Test
  void dedupesPerSenderSoDifferentUsersMayReuseAClientMsgId() {
    append(ROOM, "alice", "c-1");
    var bob = append(ROOM, "bob", "c-1");
    assertThat(bob.created()).isTrue();
    assertThat(bob.message().seq()).isEqualTo(2);
  }

  @Test
  void writesSeveralInOrderInOneCall() {
    var batch = List.of(sequenced(1, "c-1"), sequenced(2, "c-2"), sequenced(3, "c-3"));

    var written = store.writeInOrder(batch);

    assertThat(written)
        .extracting(MessageStore.Written::outcome)
        .containsOnly(MessageStore.Outcome.CREATED)
        .hasSize(3);
    assertThat(store.before(ROOM, Long.MAX_VALUE, 10)).containsExactlyElementsOf(batch.reversed());
  }

  @Test
  void severalInOrderStopAtARetryKeyAndWriteNothingAfterIt() {
    var original = sequenced(1, "c-1");
    store.write(original);

    var written =
        store.writeInOrder(List.of(sequenced(2, "c-2"), sequenced(3, "c-1"), sequenced(4, "c-4")));

    assertThat(written)
        .extracting(MessageStore.Written::outcome)
        .containsExactly(MessageStore.Outcome.CREATED, MessageStore.Outcome.RETRY);
    assertThat(written.getLast().message()).isEqualTo(original);
    assertThat(store.lastSeq(ROOM)).isEqualTo(2);
  }

  @Test
  void severalInOrderStopAtATakenSeq() {
    var holder = sequenced(2, "c-2");

    var written =
        store.writeInOrder(
            List.of(sequenced(1, "c-1"), holder, sequenced(2, "c-3"), sequenced(3, "c-4")));

    assertThat(written)
        .extracting(MessageStore.Written::outcome)
        .containsExactly(
            MessageStore.Outcome.CREATED,
            MessageStore.Outcome.CREATED,
            MessageStore.Outcome.SEQ_TAKEN);
    assertThat(written.getLast().message()).isEqualTo(holder);
    assertThat(store.lastSeq(ROOM)).isEqualTo(2);
  }

  @Test
  void aStoredMessageMovesItsSendersReadMarkerToItAndNeverBack() {
    var rooms = rooms();
    var now = Instant.parse("2026-11-22T04:00:00Z");
    rooms.create(
        new Room(ROOM, RoomType.GROUP, "title", null, now, null),
        List.of(
            new Member(ROOM, "alice", MemberRole.OWNER, now, 0, false, 0, List.of()),
            new Member(ROOM, "bob", MemberRole.MEMBER, now, 0, false, 0, List.of())));

    store.writeInOrder(
        List.of(sequenced(1, "c-1"), message(ROOM, 2, "bob", "b-2"), sequenced(3, "c-3")));
    store.write(sequenced(4, "c-4"));
    assertThat(rooms.findMember(ROOM, "alice").orElseThrow().lastReadSeq()).isEqualTo(4);
    assertThat(rooms.findMember(ROOM, "bob").orElseThrow().lastReadSeq()).isEqualTo(2);

    store.write(message(ROOM, 6, "bob", "b-6"));
    store.write(message(ROOM, 5, "bob", "b-5")); // overlapping posts may land out of order
    store.writeInOrder(List.of(message(ROOM, 7, "bob", "b-2"))); // a retry: not stored
    assertThat(rooms.findMember(ROOM, "bob").orElseThrow().lastReadSeq()).isEqualTo(6);
    assertThat(rooms.findMember(ROOM, "alice").orElseThrow().lastReadSeq()).isEqualTo(4);
  }

  private static Message sequenced(long seq, String clientMsgId) {
    return new Message(
        ROOM,
        seq,
        "alice",
        MessageKind.TEXT,
        "m" + seq,
        List.of(),
        clientMsgId,
        Instant.parse("2026-11-22T04:01:02.345678Z"));
  }

  @Test
  void storesEveryFieldAsGiven() {
    var attachment = new Attachment("https://cdn.example/a.png", "a.png", 1234L, "image/png");
    var uploaded =
        new Attachment("/api/v1/rooms/r/files/u-1", "b.png", 99L, "image/png", "u-1", 640, 480);
    var sent = Instant.parse("2026-11-22T04:01:02.345678Z");
    var draft =
        new NewMessage(
            "alice", MessageKind.IMAGE, "look", List.of(attachment, uploaded), "c-9", sent);
    sequencer.append(ROOM, draft);
    var stored = store.before(ROOM, Long.MAX_VALUE, 1).getFirst();
    assertThat(stored)
        .isEqualTo(
            new Message(
                ROOM,
                1,
                "alice",
                MessageKind.IMAGE,
                "look",
                List.of(attachment, uploaded),
                "c-9",
                sent));
  }

  @Test
  void returnsNewestPageFirstWhenNoCursorIsGiven() {
    appendMany(ROOM, 10);
    assertThat(seqs(store.before(ROOM, Long.MAX_VALUE, 3))).containsExactly(10L, 9L, 8L);
  }

  @Test
  void returnsTheNewestMessagesBeforeACursor() {
    appendMany(ROOM, 10);
    assertThat(seqs(store.before(ROOM, 5, 3))).containsExactly(4L, 3L, 2L);
    assertThat(seqs(store.before(ROOM, 3, 10))).containsExactly(2L, 1L);
    assertThat(store.before(ROOM, 1, 10)).isEmpty();
  }

  @Test
  void pagesBackOverAMissingSeqAndFromACursorPastTheNewest() {
    for (long seq : new long[] {1, 2, 3, 5, 6, 7}) {
      store.write(sequenced(seq, "c-" + seq));
    }
    assertThat(seqs(store.before(ROOM, Long.MAX_VALUE, 4))).containsExactly(7L, 6L, 5L, 3L);
    assertThat(seqs(store.before(ROOM, 6, 4))).containsExactly(5L, 3L, 2L, 1L);
    assertThat(seqs(store.before(ROOM, 5, 2))).containsExactly(3L, 2L);
    assertThat(seqs(store.before(ROOM, 5, 1))).containsExactly(3L);
    assertThat(seqs(store.before(ROOM, Long.MAX_VALUE, 1))).containsExactly(7L);
    assertThat(seqs(store.before(ROOM, 100, 3))).containsExactly(7L, 6L, 5L);
    assertThat(seqs(store.before(ROOM, 9, 10))).containsExactly(7L, 6L, 5L, 3L, 2L, 1L);
    assertThat(store.beforeJson(ROOM, 6, 4))
        .containsExactlyElementsOf(MessageJson.writeAll(store.before(ROOM, 6, 4)));
  }

  @Test
  void returnsTheNextMessagesAfterACursorOldestFirst() {
    appendMany(ROOM, 10);
    assertThat(seqs(store.after(ROOM, 0, 3))).containsExactly(1L, 2L, 3L);
    assertThat(seqs(store.after(ROOM, 8, 10))).containsExactly(9L, 10L);
    assertThat(store.after(ROOM, 10, 10)).isEmpty();
  }

  @Test
  void givesTheSamePagesAsJsonAsAsMessages() {
    appendMany(ROOM, 10);
    var attachment = new Attachment("https://files.example/p.png", "p.png", 2048, "image/png");
    store.write(
        new Message(
            ROOM,
            11,
            "bob",
            MessageKind.IMAGE,
            "héllo \"quoted\" 👋",
            List.of(attachment),
            "c-json",
            Instant.parse("2026-11-23T07:00:00.123456Z")));
    assertThat(store.beforeJson(ROOM, Long.MAX_VALUE, 4))
        .containsExactlyElementsOf(MessageJson.writeAll(store.before(ROOM, Long.MAX_VALUE, 4)));
    assertThat(store.beforeJson(ROOM, 5, 10))
        .containsExactlyElementsOf(MessageJson.writeAll(store.before(ROOM, 5, 10)));
    assertThat(store.afterJson(ROOM, 8, 10))
        .containsExactlyElementsOf(MessageJson.writeAll(store.after(ROOM, 8, 10)));
    assertThat(store.beforeJson(ROOM, 1, 10)).isEmpty();
    assertThat(store.afterJson(ROOM, 11, 10)).isEmpty();
    assertThat(MessageJson.read(store.beforeJson(ROOM, Long.MAX_VALUE, 1).getFirst()))
        .isEqualTo(store.before(ROOM, Long.MAX_VALUE, 1).getFirst());
  }

  @Test
  void pagesThroughExactlyFullPagesWithoutGapsOrRepeats() {
    appendMany(ROOM, 12);
    var seen = new ArrayList<Long>();
    long cursor = Long.MAX_VALUE;
    for (int page = 0; page < 5; page++) {
      var messages = store.before(ROOM, cursor, 4);
      if (messages.isEmpty()) {
        break;
      }
      assertThat(messages).hasSizeLessThanOrEqualTo(4);
      seen.addAll(seqs(messages));
      cursor = messages.getLast().seq();
    }
    assertThat(seen)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, 12).map(i -> 13 - i).boxed().toList());
  }

  @Test
  void neverMixesRoomsInAPage() {
    appendMany(ROOM, 3);
    appendMany(OTHER_ROOM, 3);
    assertThat(store.before(ROOM, Long.MAX_VALUE, 10))
        .allMatch(m -> m.roomId().equals(ROOM))
        .hasSize(3);
    assertThat(store.after(OTHER_ROOM, 0, 10))
        .allMatch(m -> m.roomId().equals(OTHER_ROOM))
        .hasSize(3);
  }

  @Test
  void distinguishesRoomsWhoseIdIsAPrefixOfAnother() {
    append("room", "alice", "a");
    append("room1", "alice", "b");
    assertThat(store.before("room", Long.MAX_VALUE, 10))
        .extracting(Message::roomId)
        .containsExactly("room");
    assertThat(store.lastSeq("room")).isEqualTo(1);
  }

  @Test
  void givesConcurrentAppendsDistinctGapFreeSeqs() throws Exception {
    int threads = 8;
    int perThread = 200;
    var seqs = Collections.synchronizedList(new ArrayList<Long>());
    var start = new CountDownLatch(1);
    try (var pool = Executors.newFixedThreadPool(threads)) {
      for (int t = 0; t < threads; t++) {
        String sender = "user" + t;
        pool.submit(
            () -> {
              start.await();
              for (int i = 0; i < perThread; i++) {
                seqs.add(append(ROOM, sender, "c" + i).message().seq());
                // why: a retry racing with new messages must not take a seq either
                append(ROOM, sender, "c" + i);
              }
              return null;
            });
      }
      start.countDown();
    }
    int total = threads * perThread;
    assertThat(new HashSet<>(seqs)).hasSize(total);
    assertThat(store.lastSeq(ROOM)).isEqualTo(total);
    assertThat(seqs(store.after(ROOM, 0, total + 10)))
        .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
  }

  @Test
  void pagesWithoutGapsOrRepeatsWhileOthersAppend() throws Exception {
    appendMany(ROOM, 100);
    var stop = new AtomicBoolean();
    var writing = new CountDownLatch(1);
    try (var pool = Executors.newSingleThreadExecutor()) {
      var writer =
          pool.submit(
              () -> {
                for (int i = 0; i < 2000 && !stop.get(); i++) {
                  append(ROOM, "writer", "w" + i);
                  writing.countDown();
                }
              });
      var older = new ArrayList<Long>();
      long cursor = 101;
      List<Message> page;
      while (!(page = store.before(ROOM, cursor, 7)).isEmpty()) {
        older.addAll(seqs(page));
        cursor = page.getLast().seq();
      }
      // why: on a busy machine the writer may not have started yet; paging forward needs
      // something to page through while the writer keeps appending
      assertThat(writing.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      var newer = new ArrayList<Long>();
      long after = 100;
      for (int i = 0; i < 50 && !(page = store.after(ROOM, after, 9)).isEmpty(); i++) {
        newer.addAll(seqs(page));
        after = page.getLast().seq();
      }
      stop.set(true);
      writer.get();
      assertThat(older)
          .containsExactlyElementsOf(
              LongStream.rangeClosed(1, 100).map(i -> 101 - i).boxed().toList());
      assertThat(newer).isNotEmpty();
      assertThat(newer)
          .containsExactlyElementsOf(
              LongStream.rangeClosed(101, 100 + newer.size()).boxed().toList());
    }
  }

  @Test
  void keepsMessagesSequencesAndDedupeAcrossRestart() throws Exception {
    appendMany(ROOM, 3);
    append(ROOM, "alice", "kept");
    store = reopen();
    sequencer = new LocalSequencer(store, List.of());
    assertThat(store.lastSeq(ROOM)).isEqualTo(4);
    assertThat(append(ROOM, "alice", "kept").created()).isFalse();
    assertThat(append(ROOM, "alice", "after-restart").message().seq()).isEqualTo(5);
    assertThat(seqs(store.after(ROOM, 0, 10))).containsExactly(1L, 2L, 3L, 4L, 5L);
  }

  @Test
  void refusesASecondMessageAtATakenSeqAndReturnsTheHolder() {
    var first = store.write(message(ROOM, 1, "alice", "c-1"));
    var second = store.write(message(ROOM, 1, "bob", "c-2"));
    assertThat(first.outcome()).isEqualTo(MessageStore.Outcome.CREATED);
    assertThat(second.outcome()).isEqualTo(MessageStore.Outcome.SEQ_TAKEN);
    assertThat(second.message()).isEqualTo(first.message());
    assertThat(store.after(ROOM, 0, 10)).containsExactly(first.message());
  }

  @Test
  void knowsTheLastSeqAndEveryTakenSeqOnceTheLastSeqWasRead() {
    store.write(message(ROOM, 1, "alice", "c-1"));
    assertThat(store.lastSeq(ROOM)).isEqualTo(1);
    store.write(message(ROOM, 2, "alice", "c-2"));
    store.write(message(ROOM, 5, "alice", "c-5"));
    assertThat(store.lastSeq(ROOM)).isEqualTo(5);

    assertThat(store.write(message(ROOM, 2, "bob", "c-b2")).outcome())
        .isEqualTo(MessageStore.Outcome.SEQ_TAKEN);
    assertThat(store.write(message(ROOM, 5, "bob", "c-b5")).outcome())
        .isEqualTo(MessageStore.Outcome.SEQ_TAKEN);
    assertThat(store.write(message(ROOM, 3, "bob", "c-b3")).outcome())
        .isEqualTo(MessageStore.Outcome.CREATED);
    assertThat(store.lastSeq(ROOM)).isEqualTo(5);
    assertThat(store.write(message(ROOM, 3, "carol", "c-c3")).outcome())
        .isEqualTo(MessageStore.Outcome.SEQ_TAKEN);
    assertThat(seqs(store.before(ROOM, Long.MAX_VALUE, 10))).containsExactly(5L, 3L, 2L, 1L);
  }

  @Test
  void refusesAKnownRetryKeyAtANewSeqAndReturnsTheOriginal() {
    var first = store.write(message(ROOM, 1, "alice", "c-1"));
    var again = store.write(message(ROOM, 2, "alice", "c-1"));
    assertThat(again.outcome()).isEqualTo(MessageStore.Outcome.RETRY);
    assertThat(again.message()).isEqualTo(first.message());
    assertThat(store.lastSeq(ROOM)).isEqualTo(1);
  }

  @Test
  void letsExactlyOneOfConcurrentWritersOfOneSeqWin() throws Exception {
    int writers = 8;
    var outcomes = Collections.synchronizedList(new ArrayList<MessageStore.Written>());
    var start = new CountDownLatch(1);
    try (var pool = Executors.newFixedThreadPool(writers)) {
      for (int w = 0; w < writers; w++) {
        String sender = "writer" + w;
        pool.submit(
            () -> {
              start.await();
              outcomes.add(store.write(message(ROOM, 1, sender, "c")));
              return null;
            });
      }
      start.countDown();
    }
    var created =
        outcomes.stream().filter(o -> o.outcome() == MessageStore.Outcome.CREATED).toList();
    assertThat(created).hasSize(1);
    assertThat(outcomes)
        .allMatch(o -> o.message().equals(created.getFirst().message()))
        .filteredOn(o -> o.outcome() != MessageStore.Outcome.CREATED)
        .allMatch(o -> o.outcome() == MessageStore.Outcome.SEQ_TAKEN);
  }

  @Test
  void continuesAfterTheSeqAnotherWriterTookWithoutAGap() {
    appendMany(ROOM, 2);
    // why: another writer (a former partition owner, a second node) wrote seq 3 behind our back
    store.write(message(ROOM, 3, "zombie", "z-1"));
    var next = append(ROOM, "alice", "after-the-zombie");
    assertThat(next.created()).isTrue();
    assertThat(next.message().seq()).isEqualTo(4);
    assertThat(seqs(store.after(ROOM, 0, 10))).containsExactly(1L, 2L, 3L, 4L);
  }

  private static Message message(String room, long seq, String sender, String clientMsgId) {
    return new Message(
        room,
        seq,
        sender,
        MessageKind.TEXT,
        "text of " + clientMsgId,
        List.of(),
        clientMsgId,
        Instant.parse("2026-11-22T04:01:02Z"));
  }

  private MessageStore.Appended append(String room, String sender, String clientMsgId) {
    return append(room, sender, clientMsgId, "text of " + clientMsgId);
  }

  private MessageStore.Appended append(
      String room, String sender, String clientMsgId, String content) {
    return sequencer.append(
        room,
        new NewMessage(sender, MessageKind.TEXT, content, List.of(), clientMsgId, Instant.now()));
  }

  private void appendMany(String room, int count) {
    for (int i = 0; i < count; i++) {
      append(room, "alice", room + "-" + i);
    }
  }

  private static List<Long> seqs(List<Message> messages) {
    return messages.stream().map(Message::seq).toList();
  }
}
