package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.MEMBERS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.READ_MARKERS;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import io.dugout.room.Member;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomStoreContract;
import io.dugout.store.StoreTimers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The room store contract with the default member cache (subclasses shrink it), and the sender's
 * read marker that RocksDB moves in a message's own write batch.
 */
class RocksDbRoomStoreTests extends RoomStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;
  private MessageStore messages;

  /** How many members the store under test caches. */
  int cachedMembers() {
    return 100_000;
  }

  @Override
  protected RoomStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    // why: one message store per database, as the application has; it remembers last seqs
    var members = new RocksDbMembers(storage, cachedMembers());
    messages = new RocksDbMessageStore(storage, members);
    return new RocksDbRoomStore(storage, messages, members);
  }

  @Override
  protected RoomStore reopen() {
    storage.close();
    return openEmpty();
  }

  @Override
  protected MessageStore messages() {
    return messages;
  }

  @Override
  protected void close() {
    storage.close();
  }

  @Test
  void aStoredMessageMovesItsSendersMarkerInItsOwnWrite() throws Exception {
    store.create(group("g"), members("g", "alice", "bob"));
    store.members("g"); // why: a kept member list must see the marker move too

    messages.write(message("g", 1, "alice", MessageKind.TEXT));

    assertThat(store.findMember("g", "alice")).get().extracting(Member::lastReadSeq).isEqualTo(1L);
    assertThat(store.findMember("g", "bob")).get().extracting(Member::lastReadSeq).isEqualTo(0L);
    assertThat(store.members("g")).extracting(Member::lastReadSeq).containsExactly(1L, 0L);
    var timers = StoreTimers.register(new SimpleMeterRegistry(), "rocksdb", "r", "w", "s");
    storage.timers(timers);
    messages.write(message("g", 2, "alice", MessageKind.TEXT));
    assertThat(timers.write().count()).as("the message and the marker in one write").isEqualTo(1);

    store = reopen();
    assertThat(store.findMember("g", "alice")).get().extracting(Member::lastReadSeq).isEqualTo(2L);
  }

  @Test
  void aSendWritesItsSendersMarkerAsSeqAndOrdinalAndLeavesTheMemberRowAsItWas() {
    store.create(group("g"), members("g", "alice", "bob"));
    byte[] alice = Keys.pair("g", "alice");
    byte[] row = storage.get(MEMBERS, alice);

    messages.write(message("g", 1, "alice", MessageKind.TEXT));
    store.markRead("g", "alice", 1, 1);
    messages.write(message("g", 2, "bob", MessageKind.TEXT));

    assertThat(storage.get(MEMBERS, alice)).isEqualTo(row);
    assertThat(storage.get(READ_MARKERS, alice)).isEqualTo(marker(1, 1));
    assertThat(storage.get(READ_MARKERS, Keys.pair("g", "bob"))).isEqualTo(marker(2, 2));
    store.removeMember("g", "alice");
    assertThat(storage.get(READ_MARKERS, alice)).as("deleted with the row").isNull();
  }

  @Test
  void aMarkerKeptInTheMemberRowByAnOlderStoreIsReadAndMovedOnlyForward() {
    store.create(group("g"), members("g", "alice", "bob"));
    byte[] alice = Keys.pair("g", "alice");
    Member row = Json.read(storage.get(MEMBERS, alice), Member.class).withLastRead(7, 7);
    storage.write(batch -> batch.put(MEMBERS, alice, Json.write(row)));
    store = reopen();

    assertThat(store.members("g")).extracting(Member::lastReadSeq).containsExactly(7L, 0L);
    assertThat(store.markRead("g", "alice", 5, 5))
        .get()
        .extracting(Member::lastReadSeq)
        .isEqualTo(7L);
    assertThat(storage.get(READ_MARKERS, alice)).isNull();
    messages.write(message("g", 9, "alice", MessageKind.TEXT));
    assertThat(store.findMember("g", "alice")).get().extracting(Member::lastReadSeq).isEqualTo(9L);
    store.setMuted("g", "alice", true);
    store = reopen();
    assertThat(store.findMember("g", "alice"))
        .get()
        .extracting(Member::lastReadSeq, Member::muted)
        .containsExactly(9L, true);
    assertThat(store.members("g")).extracting(Member::lastReadSeq).containsExactly(9L, 0L);
  }

  @Test
  void aSystemMessageOrAnEarlierMessageLeavesTheMarkerWhereItIs() {
    store.create(group("g"), members("g", "alice", "bob"));
    store.markRead("g", "bob", 5, 5);

    messages.write(message("g", 1, "alice", MessageKind.SYSTEM));
    messages.write(message("g", 2, "bob", MessageKind.TEXT));

    assertThat(store.findMember("g", "alice")).get().extracting(Member::lastReadSeq).isEqualTo(0L);
    assertThat(store.findMember("g", "bob")).get().extracting(Member::lastReadSeq).isEqualTo(5L);
    assertThat(messages.lastSeq("g")).isEqualTo(2L);
  }

  @Test
  void aMessageOfSomeoneWhoIsNotAMemberIsStoredWithoutMakingThemOne() {
    store.create(group("g"), members("g", "alice"));

    var written = messages.write(message("g", 1, "carol", MessageKind.TEXT));

    assertThat(written.outcome()).isEqualTo(MessageStore.Outcome.CREATED);
    assertThat(messages.after("g", 0, 10)).extracting(Message::senderId).containsExactly("carol");
    assertThat(store.findMember("g", "carol")).isEmpty();
    assertThat(store.members("g")).extracting(Member::userId).containsExactly("alice");
  }

  private static Message message(String roomId, long seq, String senderId, MessageKind kind) {
    return new Message(
        roomId,
        seq,
        senderId,
        kind,
        "hello " + seq,
        List.of(),
        "c-" + seq,
        Instant.parse("2026-11-22T04:00:00Z").plusSeconds(seq));
  }

  private static byte[] marker(long seq, long ordinal) {
    return java.nio.ByteBuffer.allocate(16).putLong(seq).putLong(ordinal).array();
  }

  @Test
  void aMarkerOfEightBytesFromAnOlderStoreReadsItsSeqAsItsOrdinal() {
    store.create(group("g"), members("g", "alice", "bob"));
    storage.write(batch -> batch.put(READ_MARKERS, Keys.pair("g", "alice"), Keys.seqValue(6)));
    store = reopen();

    assertThat(store.findMember("g", "alice"))
        .get()
        .extracting(Member::lastReadSeq, Member::lastReadOrdinal)
        .containsExactly(6L, 6L);
  }
}
