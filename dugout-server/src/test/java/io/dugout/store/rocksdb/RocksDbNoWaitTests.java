package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.MESSAGES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.HeldByAnotherThread;
import io.dugout.message.Message;
import io.dugout.message.MessageStore.Outcome;
import io.dugout.message.NoWait;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RocksDB stores in a {@link NoWait#attempt}: what is in memory is read and written at once,
 * and whatever would wait (a held lock, a read from disk, a scan, an fsync) is refused with nothing
 * written, so that the work can be done again elsewhere exactly once.
 */
class RocksDbNoWaitTests {

  private static final String ROOM = "0193f6c2-0000-7000-8000-0000000000aa";

  @TempDir Path dir;
  RocksDbStorage storage;
  RocksDbMembers members;
  RocksDbMessageStore store;

  void open(boolean fsync) {
    storage = RocksDbStorage.open(dir, fsync, 1);
    members = new RocksDbMembers(storage, 1000);
    store = new RocksDbMessageStore(storage, members);
  }

  @AfterEach
  void close() {
    storage.close();
  }

  @Test
  void writesAndFindsARetryInMemoryWithoutWaiting() {
    open(false);
    assertThat(store.triesWithoutWaiting()).isTrue();
    var first = new AtomicReference<Outcome>();
    var retry = new AtomicReference<Outcome>();
    NoWait.attempt(() -> first.set(store.write(message(1, "c-1")).outcome()));
    NoWait.attempt(() -> retry.set(store.write(message(2, "c-1")).outcome()));
    assertThat(first).hasValue(Outcome.CREATED);
    assertThat(retry).hasValue(Outcome.RETRY);
    assertThat(store.after(ROOM, 0, 10)).extracting(Message::seq).containsExactly(1L);
  }

  @Test
  void refusesAWriteWhoseMemberStripeIsHeldAndWritesNothing() throws Exception {
    open(false);
    var holder =
        HeldByAnotherThread.start(
            stay ->
                members.inStripe(
                    ROOM,
                    () -> {
                      stay.run();
                      return null;
                    }));
    assertThatThrownBy(() -> NoWait.attempt(() -> store.write(message(1, "c-1"))))
        .isInstanceOf(NoWait.WouldWait.class);
    holder.close();

    assertThat(store.after(ROOM, 0, 10)).isEmpty();
    assertThat(store.write(message(1, "c-1")).outcome()).isEqualTo(Outcome.CREATED);
    assertThat(store.after(ROOM, 0, 10)).extracting(Message::seq).containsExactly(1L);
  }

  @Test
  void refusesAReadThatNeedsTheDiskAndServesItOnceCached() {
    open(false);
    store.write(message(1, "c-1"));
    storage.close();
    open(false);
    byte[] key = Keys.message(ROOM, 1);

    assertThatThrownBy(() -> NoWait.attempt(() -> storage.get(MESSAGES, key)))
        .isInstanceOf(NoWait.WouldWait.class);
    assertThat(storage.get(MESSAGES, key)).isNotNull();
    var again = new AtomicReference<byte[]>();
    NoWait.attempt(() -> again.set(storage.get(MESSAGES, key)));
    assertThat(again.get()).isEqualTo(storage.get(MESSAGES, key));
  }

  @Test
  void refusesScansAndAnUnknownLastSeq() {
    open(false);
    store.write(message(1, "c-1"));
    assertThatThrownBy(() -> NoWait.attempt(() -> store.after(ROOM, 0, 10)))
        .isInstanceOf(NoWait.WouldWait.class);
    String other = "0193f6c2-0000-7000-8000-0000000000bb";
    assertThatThrownBy(() -> NoWait.attempt(() -> store.lastSeq(other)))
        .isInstanceOf(NoWait.WouldWait.class);
    assertThat(store.lastSeq(other)).isZero();
  }

  @Test
  void withFsyncOnItTriesNothingAndRefusesEveryWrite() {
    open(true);
    assertThat(store.triesWithoutWaiting()).isFalse();
    assertThatThrownBy(() -> NoWait.attempt(() -> store.write(message(1, "c-1"))))
        .isInstanceOf(NoWait.WouldWait.class);
    assertThat(store.after(ROOM, 0, 10)).isEmpty();
    assertThat(store.write(message(1, "c-1")).outcome()).isEqualTo(Outcome.CREATED);
  }

  private static Message message(long seq, String clientMsgId) {
    return RocksDbMessageStoreTests.message(ROOM, seq, clientMsgId);
  }
}
