package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import io.dugout.message.MessageStoreContract;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The message store's contract with fsync on, where virtual threads' writes are handed to {@link
 * SyncedWrites}; the contract's own callers are platform threads, which write themselves.
 */
class RocksDbSyncedMessageStoreTests extends MessageStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected MessageStore openEmpty() {
    storage = RocksDbStorage.open(dir, true, 3);
    return new RocksDbMessageStore(storage, new RocksDbMembers(storage, 1000));
  }

  @Override
  protected MessageStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected void close() {
    storage.close();
  }

  @Override
  protected boolean keepsJson() {
    return true;
  }

  @Test
  void keepsEveryWriteOfManyVirtualThreadsAcrossARestart() throws Exception {
    int rooms = 64;
    int perRoom = 20;
    var outcomes = new ConcurrentLinkedQueue<MessageStore.Outcome>();
    var start = new CountDownLatch(1);
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int r = 0; r < rooms; r++) {
        String room = "room-" + r;
        pool.submit(
            () -> {
              start.await();
              for (int seq = 1; seq <= perRoom; seq++) {
                outcomes.add(store.write(message(room, seq)).outcome());
              }
              return null;
            });
      }
      start.countDown();
    }
    assertThat(outcomes).hasSize(rooms * perRoom).containsOnly(MessageStore.Outcome.CREATED);
    var reopened = reopen();
    for (int r = 0; r < rooms; r++) {
      assertThat(reopened.after("room-" + r, 0, perRoom + 10))
          .extracting(Message::seq)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, perRoom).boxed().toList());
    }
  }

  @Test
  void refusesAVirtualThreadsWriteOnceClosedWithAClearError() throws Exception {
    storage.close();
    var refused = new AtomicReference<Throwable>();
    Thread.ofVirtual()
        .start(
            () -> {
              try {
                storage.write(batch -> {});
              } catch (RuntimeException e) {
                refused.set(e);
              }
            })
        .join();
    assertThat(refused.get())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("RocksDB is closed");
    storage = RocksDbStorage.open(dir, true, 3);
  }

  private static Message message(String room, long seq) {
    return new Message(
        room,
        seq,
        "alice",
        MessageKind.TEXT,
        "m" + seq,
        List.of(),
        "c" + seq,
        Instant.parse("2026-11-25T04:01:02.345678Z"));
  }
}
