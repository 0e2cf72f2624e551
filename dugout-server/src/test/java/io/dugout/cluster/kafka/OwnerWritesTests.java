package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.message.Fanout;
import io.dugout.message.ForwardingMessageStore;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import io.dugout.message.NewMessage;
import io.dugout.store.rocksdb.RocksDbMessageStores;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node writes its own sends to the rooms of the partitions it owns without Kafka: at the room's
 * next seq, shared with the records its partition owner writes; a resend finds its original; a seq
 * another writer took is read again; and a room whose partition is not this node's, or whose
 * membership went stale, is left to Kafka with nothing stored.
 */
class OwnerWritesTests {

  private static final int PARTITIONS = 12;
  private static final String ROOM = "0193f6c2-0000-7000-8000-000000000001";
  private static final Instant SENT = Instant.parse("2026-12-04T08:00:00Z");
  private static final String NOT_OWNED = roomOutside(KafkaClients.partitionOf(ROOM, PARTITIONS));

  @TempDir Path dir;
  private RocksDbMessageStores rocksDb;
  private HeadCountingStore store;
  private final List<Message> published = Collections.synchronizedList(new ArrayList<>());
  private final AtomicBoolean fresh = new AtomicBoolean(true);
  private OwnedPartitions owned;
  private OwnerWrites writes;
  private PartitionOwner records;
  private long offset;

  @BeforeEach
  void open() {
    rocksDb = new RocksDbMessageStores(dir);
    store = new HeadCountingStore(rocksDb.store());
    var fanout = new Publishes();
    var feeds = new RoomFeeds(store, List.of(), fanout, e -> false);
    owned = new OwnedPartitions();
    owned.heardThrough(fresh::get);
    writes = new OwnerWrites(owned, store, fanout, feeds);
    records =
        new PartitionOwner(
            "sends",
            store,
            fanout,
            feeds,
            new KafkaSequencer("owner", null, feeds, writes),
            owned,
            Duration.ofSeconds(15),
            Clock.systemUTC());
    records.assigned(List.of(partitionOf(ROOM)), PARTITIONS);
  }

  @AfterEach
  void close() {
    rocksDb.close();
  }

  @Test
  void writesASendToARoomOfItsPartitionAndAnswersAResendWithTheOriginal() {
    var first = writes.append(ROOM, draft("c-1"));
    assertThat(first.created()).isTrue();
    assertThat(first.message().seq()).isEqualTo(1);
    assertThat(published).extracting(Message::seq).containsExactly(1L);

    var resent = writes.append(ROOM, draft("c-1"));
    assertThat(resent.created()).isFalse();
    assertThat(resent.message().seq()).isEqualTo(1);

    assertThat(writes.append(ROOM, draft("c-2")).message().seq()).isEqualTo(2);
    assertThat(stored(ROOM)).containsExactly(1L, 2L);
    assertThat(published).extracting(Message::seq).containsExactly(1L, 2L);
  }

  @Test
  void leavesARoomOfAnotherNodesPartitionToKafka() {
    assertThat(writes.append(NOT_OWNED, draft("c-1"))).isNull();
    assertThat(stored(NOT_OWNED)).isEmpty();
  }

  @Test
  void leavesItsRoomsToKafkaOnceThePartitionIsRevoked() {
    writes.append(ROOM, draft("c-1"));
    records.revoked(List.of(partitionOf(ROOM)));

    assertThat(writes.append(ROOM, draft("c-2"))).isNull();
    assertThat(stored(ROOM)).containsExactly(1L);
  }

  @Test
  @Timeout(30) // why: a revocation that waited for the stuck write would never return
  void aRevokedPartitionWaitsForAStuckWriteOnlyABoundedTime() throws Exception {
    var release = new CountDownLatch(1);
    store.stall = release;
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      var stuck = pool.submit(() -> writes.append(ROOM, draft("c-1")));
      Waits.until(() -> store.stalled.get() == 1, Duration.ofSeconds(5), "the write stalled");

      long started = System.nanoTime();
      records.revoked(List.of(partitionOf(ROOM)));
      var waited = Duration.ofNanos(System.nanoTime() - started);
      assertThat(waited).isGreaterThanOrEqualTo(OwnedPartitions.LEAVE_WAIT);
      assertThat(waited).isLessThan(OwnedPartitions.LEAVE_WAIT.plusSeconds(2));
      assertThat(writes.append(ROOM, draft("c-2"))).as("after the revocation").isNull();

      release.countDown();
      assertThat(stuck.get().message().seq()).isEqualTo(1);
    }
    assertThat(stored(ROOM)).containsExactly(1L);
  }

  @Test
  @Timeout(30) // why: a records writer deaf to the interrupt would wait for the stuck write
  void aRecordsWriterWaitingBehindAStuckWriteStopsWhenInterrupted() throws Exception {
    var release = new CountDownLatch(1);
    store.stall = release;
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      var stuck = pool.submit(() -> writes.append(ROOM, draft("c-1")));
      Waits.until(() -> store.stalled.get() == 1, Duration.ofSeconds(5), "the write stalled");
      var batch = List.of(record(ROOM, "r-1"), record(ROOM, "r-2"));
      var handler = new AtomicReference<Thread>();
      var progress =
          pool.submit(
              () -> {
                handler.set(Thread.currentThread());
                return records.handle(batch);
              });
      Waits.until(
          () -> handler.get() != null && handler.get().getState() == Thread.State.WAITING,
          Duration.ofSeconds(5),
          "the records writer waits for the partition");

      handler.get().interrupt();
      var stopped = progress.get(5, TimeUnit.SECONDS);
      assertThat(stopped.next()).isEqualTo(batch.getFirst().offset());
      assertThat(stopped.failure()).hasMessageContaining("stopped waiting");

      release.countDown();
      assertThat(stuck.get().message().seq()).isEqualTo(1);
    }
    assertThat(stored(ROOM)).containsExactly(1L);
  }

  @Test
  void leavesItsRoomsToKafkaWhileItsMembershipIsStale() {
    fresh.set(false);
    assertThat(writes.append(ROOM, draft("c-1"))).isNull();
    assertThat(stored(ROOM)).isEmpty();

    fresh.set(true);
    assertThat(writes.append(ROOM, draft("c-1")).message().seq()).isEqualTo(1);
  }

  @Test
  void readsTheHeadAgainWhenAnotherWriterTookTheNextSeq() {
    writes.append(ROOM, draft("c-1"));
    // a former owner that has not noticed it lost the partition writes seq 2 behind this node
    var theirs = draft("theirs").withSeq(ROOM, 2, 2);
    assertThat(rocksDb.store().write(theirs).outcome()).isEqualTo(MessageStore.Outcome.CREATED);

    var mine = writes.append(ROOM, draft("c-3"));
    assertThat(mine.created()).isTrue();
    assertThat(mine.message().seq()).isEqualTo(3);
    assertThat(stored(ROOM)).containsExactly(1L, 2L, 3L);
  }

  @Test
  void continuesFromTheSeqTheRecordsReachedWithoutReadingTheStore() {
    var batch = List.of(record(ROOM, "r-1"), record(ROOM, "r-2"));
    assertThat(records.handle(batch).failure()).isNull();
    int headsRead = store.heads.get();

    assertThat(writes.append(ROOM, draft("c-3")).message().seq()).isEqualTo(3);
    assertThat(store.heads.get()).as("head reads").isEqualTo(headsRead);
    assertThat(records.handle(List.of(record(ROOM, "r-4"))).failure()).isNull();
    assertThat(stored(ROOM)).containsExactly(1L, 2L, 3L, 4L);
  }

  @Test
  void directSendsAndRecordsAtOnceLeaveNoGapAndNoDuplicate() throws Exception {
    var fellBack = new AtomicInteger();
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      var work = new ArrayList<Future<?>>();
      for (int t = 0; t < 8; t++) {
        int sender = t;
        work.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 25; i++) {
                    if (writes.append(ROOM, draft("d-" + sender + "-" + i)) == null) {
                      fellBack.incrementAndGet();
                    }
                  }
                }));
      }
      work.add(
          pool.submit(
              () -> {
                for (int b = 0; b < 20; b++) {
                  var batch = new ArrayList<ConsumerRecord<String, byte[]>>();
                  for (int i = 0; i < 5; i++) {
                    batch.add(record(ROOM, "r-" + b + "-" + i));
                  }
                  assertThat(records.handle(batch).failure()).isNull();
                }
              }));
      for (var each : work) {
        each.get();
      }
    }
    assertThat(fellBack).hasValue(0);
    assertThat(stored(ROOM))
        .containsExactlyElementsOf(LongStream.rangeClosed(1, 300).boxed().toList());
    var ids = new HashSet<String>();
    rocksDb.store().after(ROOM, 0, 400).forEach(m -> assertThat(ids.add(m.clientMsgId())).isTrue());
  }

  private List<Long> stored(String roomId) {
    return rocksDb.store().after(roomId, 0, 1_000).stream().map(Message::seq).toList();
  }

  private static TopicPartition partitionOf(String roomId) {
    return new TopicPartition("sends", KafkaClients.partitionOf(roomId, PARTITIONS));
  }

  private static String roomOutside(int partition) {
    for (int i = 2; ; i++) {
      String room = "0193f6c2-0000-7000-8000-%012d".formatted(i);
      if (KafkaClients.partitionOf(room, PARTITIONS) != partition) {
        return room;
      }
    }
  }

  private static NewMessage draft(String clientMsgId) {
    return new NewMessage(
        "alice", MessageKind.TEXT, "text " + clientMsgId, List.of(), clientMsgId, SENT);
  }

  private ConsumerRecord<String, byte[]> record(String roomId, String clientMsgId) {
    var send = new SendRecord("sender-node", "req-" + offset, roomId, draft(clientMsgId));
    return new ConsumerRecord<>(
        "sends", KafkaClients.partitionOf(roomId, PARTITIONS), offset++, roomId, send.toBytes());
  }

  private final class Publishes implements Fanout {
    @Override
    public void start(String nodeId, Receiver receiver) {}

    @Override
    public void publish(Message message) {
      published.add(message);
    }

    @Override
    public void answer(String nodeId, Answer answer) {}

    @Override
    public boolean follow(String roomId) {
      return true;
    }

    @Override
    public void unfollow(String roomId) {}
  }

  /** The store under test, counting its head reads; a write waits while {@link #stall} is set. */
  private static final class HeadCountingStore extends ForwardingMessageStore {
    final AtomicInteger heads = new AtomicInteger();
    final AtomicInteger stalled = new AtomicInteger();
    volatile CountDownLatch stall;

    @Override
    public Written write(Message message) {
      var latch = stall;
      if (latch != null) {
        stalled.incrementAndGet();
        try {
          latch.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return store.write(message);
    }

    HeadCountingStore(MessageStore store) {
      super(store);
    }

    @Override
    public Head head(String roomId) {
      heads.incrementAndGet();
      return store.head(roomId);
    }
  }
}
