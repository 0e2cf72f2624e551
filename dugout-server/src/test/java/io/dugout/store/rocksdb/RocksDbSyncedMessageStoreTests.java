package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The message store's contract with fsync on, where virtual threads' writes are handed to {@link
 * SyncedWrites}; the contract's own callers are platform threads, which write themselves.
 */
class RocksDbSyncedMessageStoreTests extends RocksDbMessageStoreTests {

  @Override
  RocksDbStorage openStorage() {
    return RocksDbStorage.open(dir, true, 3);
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
                outcomes.add(store.write(message(room, seq, "c" + seq)).outcome());
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
    assertThat(VirtualThreads.thrownBy(() -> storage.write(batch -> {})))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("RocksDB is closed");
    storage = openStorage();
  }
}
