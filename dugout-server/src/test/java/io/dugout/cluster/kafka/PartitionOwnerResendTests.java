package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Fanout;
import io.dugout.message.ForwardingMessageStore;
import io.dugout.message.Message;
import io.dugout.message.MessageChange;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import io.dugout.message.NewMessage;
import io.dugout.message.RetryKey;
import io.dugout.store.rocksdb.RocksDbMessageStores;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The owner of a partition meets a batch of resends, as after a broker outage when every client
 * resends what went unanswered: each resend is answered with its original and stores nothing, the
 * new sends among them get the next seqs in partition order, and the whole batch costs a point read
 * per resend, not a failed write of the rest of the batch. A record older than its sender waits is
 * skipped: its sender was told to resend it.
 */
class PartitionOwnerResendTests {

  private static final String ROOM = "0193f6c2-0000-7000-8000-000000000001";
  private static final String OTHER_ROOM = "0193f6c2-0000-7000-8000-000000000002";
  private static final Instant NOW = Instant.parse("2026-12-02T08:00:00Z");

  @TempDir Path dir;
  private RocksDbMessageStores rocksDb;
  private CountingStore store;
  private final Map<String, Fanout.Answer> answers = new LinkedHashMap<>();
  private PartitionOwner owner;
  private long offset;

  @BeforeEach
  void open() {
    rocksDb = new RocksDbMessageStores(dir);
    store = new CountingStore(rocksDb.store());
    var fanout = new AnswerRecorder();
    var feeds = new RoomFeeds(store, List.of(), fanout, e -> false);
    var owned = new OwnedPartitions();
    owner =
        new PartitionOwner(
            "sends",
            store,
            fanout,
            feeds,
            new KafkaSequencer("owner", null, feeds, new OwnerWrites(owned, store, fanout, feeds)),
            owned,
            Duration.ofSeconds(15),
            Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterEach
  void close() {
    rocksDb.close();
  }

  @Test
  void answersABatchOfResendsWithTheirOriginalsInAFewStoreCalls() {
    var first = new ArrayList<ConsumerRecord<String, byte[]>>();
    for (int i = 1; i <= 200; i++) {
      first.add(record(i % 2 == 0 ? ROOM : OTHER_ROOM, "c-" + i));
    }
    assertThat(owner.handle(first).failure()).isNull();
    var originals = new LinkedHashMap<String, Message>();
    answers.forEach((request, answer) -> originals.put(request, answer.message()));
    assertThat(answers.values()).allMatch(Fanout.Answer::created).hasSize(200);
    answers.clear();

    var resends = new ArrayList<ConsumerRecord<String, byte[]>>();
    for (int i = 1; i <= 200; i++) {
      resends.add(record(i % 2 == 0 ? ROOM : OTHER_ROOM, "c-" + i));
      if (i % 50 == 0) {
        resends.add(record(ROOM, "new-" + i));
      }
    }
    store.calls.set(0);
    assertThat(owner.handle(resends).failure()).isNull();

    assertThat(store.calls.get())
        .as("store calls for 204 records, 200 of them resends")
        .isLessThan(10);
    var resent = answers.values().stream().filter(a -> !a.created()).toList();
    assertThat(resent).hasSize(200);
    assertThat(resent.stream().map(Fanout.Answer::message))
        .containsExactlyInAnyOrderElementsOf(originals.values());
    assertThat(answers.values().stream().filter(Fanout.Answer::created).map(a -> a.message()))
        .extracting(Message::clientMsgId, Message::seq)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("new-50", 101L),
            org.assertj.core.groups.Tuple.tuple("new-100", 102L),
            org.assertj.core.groups.Tuple.tuple("new-150", 103L),
            org.assertj.core.groups.Tuple.tuple("new-200", 104L));
    assertThat(store.lastSeq(ROOM)).isEqualTo(104);
    assertThat(store.lastSeq(OTHER_ROOM)).isEqualTo(100);
  }

  @Test
  void aResendOfASendEarlierInTheSameBatchIsAnsweredWithIt() {
    var batch =
        List.of(
            record(ROOM, "a"),
            record(ROOM, "a"),
            record(ROOM, "b"),
            record(ROOM, "a"),
            record(ROOM, "b"));
    assertThat(owner.handle(batch).failure()).isNull();

    assertThat(answers.values())
        .extracting(Fanout.Answer::created)
        .containsExactly(true, false, true, false, false);
    assertThat(answers.values())
        .extracting(a -> a.message().seq())
        .containsExactly(1L, 1L, 2L, 1L, 2L);
    assertThat(store.lastSeq(ROOM)).isEqualTo(2);
  }

  @Test
  void skipsSendsWhoseSendersStoppedWaitingAndStoresTheirResends() {
    var batch =
        List.of(
            record(ROOM, "stale-1", NOW.minusSeconds(60)),
            record(ROOM, "fresh-1", NOW.minusSeconds(14)),
            record(ROOM, "stale-2", NOW.minusSeconds(16)),
            record(ROOM, "stale-1", NOW.minusSeconds(1)),
            record(ROOM, "fresh-2", NOW));
    assertThat(owner.handle(batch).failure()).isNull();

    assertThat(answers.values())
        .extracting(a -> a.message().clientMsgId(), a -> a.message().seq())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("fresh-1", 1L),
            org.assertj.core.groups.Tuple.tuple("stale-1", 2L),
            org.assertj.core.groups.Tuple.tuple("fresh-2", 3L));
    assertThat(store.lastSeq(ROOM)).as("nothing stored for the skipped records").isEqualTo(3);
    assertThat(owner.abandoned()).isEqualTo(2);
  }

  /**
   * A skipped change may be one whose entry a dead owner stored and whose effect it never applied
   * (ADR 15); looking it up is what completes it ({@link MessageStore#retryHolders}, as each
   * store's contract shows), so the changes among skipped records are looked up, in one call, and
   * the skipped messages are not.
   */
  @Test
  void looksUpTheChangesAmongSkippedRecordsInOneCall() {
    var stale = NOW.minusSeconds(60);
    var batch =
        List.of(
            record(ROOM, "stale-message", stale),
            stamped(record(ROOM, edit("stale-edit")), stale),
            stamped(record(OTHER_ROOM, edit("stale-edit-2")), stale),
            record(ROOM, "fresh", NOW));
    assertThat(owner.handle(batch).failure()).isNull();

    assertThat(store.lookedUp)
        .containsExactly(
            List.of(
                new RetryKey(ROOM, "alice", "stale-edit"),
                new RetryKey(OTHER_ROOM, "alice", "stale-edit-2")));
    assertThat(owner.abandoned()).isEqualTo(3);
    assertThat(answers.values())
        .extracting(a -> a.message().clientMsgId())
        .containsExactly("fresh");
  }

  private static NewMessage edit(String clientMsgId) {
    return NewMessage.change(
        "alice", MessageChange.EDITED, 1, "edited", null, clientMsgId, NOW.minusSeconds(60));
  }

  private ConsumerRecord<String, byte[]> record(String roomId, String clientMsgId, Instant sent) {
    return stamped(record(roomId, clientMsgId), sent);
  }

  private static ConsumerRecord<String, byte[]> stamped(
      ConsumerRecord<String, byte[]> plain, Instant sent) {
    return new ConsumerRecord<>(
        plain.topic(),
        plain.partition(),
        plain.offset(),
        sent.toEpochMilli(),
        TimestampType.CREATE_TIME,
        -1,
        plain.value().length,
        plain.key(),
        plain.value(),
        new RecordHeaders(),
        Optional.empty());
  }

  private ConsumerRecord<String, byte[]> record(String roomId, String clientMsgId) {
    return record(
        roomId,
        new NewMessage(
            "alice",
            MessageKind.TEXT,
            "text " + clientMsgId,
            List.of(),
            clientMsgId,
            Instant.parse("2026-12-02T08:00:00Z"),
            null,
            null,
            null,
            null,
            null,
            null));
  }

  private ConsumerRecord<String, byte[]> record(String roomId, NewMessage draft) {
    var send = new SendRecord("sender-node", "req-" + offset, roomId, draft);
    return new ConsumerRecord<>("sends", 0, offset++, roomId, send.toBytes());
  }

  private final class AnswerRecorder implements Fanout {
    @Override
    public void start(String nodeId, Receiver receiver) {}

    @Override
    public void publish(Message message) {}

    @Override
    public void answer(String nodeId, Answer answer) {
      answers.put(answer.requestId(), answer);
    }

    @Override
    public boolean follow(String roomId) {
      return true;
    }

    @Override
    public void unfollow(String roomId) {}
  }

  /** The store under test, counting the calls that go to it for writes and retry lookups. */
  private static final class CountingStore extends ForwardingMessageStore {
    final AtomicInteger calls = new AtomicInteger();
    final List<List<RetryKey>> lookedUp = new ArrayList<>();

    CountingStore(MessageStore store) {
      super(store);
    }

    @Override
    public Written write(Message message) {
      calls.incrementAndGet();
      return store.write(message);
    }

    @Override
    public List<Written> writeInOrder(List<Message> messages) {
      calls.incrementAndGet();
      return store.writeInOrder(messages);
    }

    @Override
    public boolean holdsRetryKey(String roomId, String senderId, String clientMsgId) {
      calls.incrementAndGet();
      return store.holdsRetryKey(roomId, senderId, clientMsgId);
    }

    @Override
    public List<Message> retryHolders(Collection<RetryKey> keys) {
      calls.incrementAndGet();
      lookedUp.add(List.copyOf(keys));
      return store.retryHolders(keys);
    }
  }
}
