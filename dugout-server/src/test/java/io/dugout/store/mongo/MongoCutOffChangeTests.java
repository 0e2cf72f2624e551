package io.dugout.store.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageChange;
import io.dugout.message.MessageKind;
import io.dugout.message.NewMessage;
import io.dugout.message.RetryKey;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On MongoDB a change is two writes, its entry and then its effect on the target (ADR 15). A
 * process that dies between them leaves an entry whose effect is missing; the next write or lookup
 * of the change's retry key completes it, once, and a partition owner looks up even the changes it
 * skips for that.
 */
class MongoCutOffChangeTests {

  private static final String ROOM = "0193f6c2-0000-7000-8000-00000000c0ff";
  private static final Instant SENT = Instant.parse("2026-12-03T08:00:00Z");

  private InJvmMongo server;
  private MongoFixture fixture;
  private MongoMessageStore store;

  @BeforeEach
  void open() {
    server = new InJvmMongo();
    fixture = new MongoFixture(server.uri());
    store = new MongoMessageStore(fixture.open());
    store.write(
        new NewMessage("alice", MessageKind.TEXT, "v0", List.of(), "m1", SENT).withSeq(ROOM, 1, 1));
  }

  @AfterEach
  void close() {
    fixture.close();
    server.close();
  }

  @Test
  void aLookupOfTheRetryKeyCompletesAnEditWhoseEffectWasCutOff() {
    storeEntryOnly(edit("e1", "v1", 2));
    assertThat(at(1).content()).as("the crash left the target as it was").isEqualTo("v0");

    var found = store.retryHolders(List.of(new RetryKey(ROOM, "alice", "e1")));

    assertThat(found).extracting(Message::seq).containsExactly(2L);
    assertThat(at(1).content()).isEqualTo("v1");
    assertThat(at(1).changedSeq()).isEqualTo(2);
    assertThat(at(2).content()).as("the entry gives its content up once applied").isNull();
    store.retryHolders(List.of(new RetryKey(ROOM, "alice", "e1")));
    assertThat(at(1).changedSeq()).as("applied once").isEqualTo(2);
  }

  @Test
  void aCutOffEditIsNotAppliedOverALaterOne() {
    storeEntryOnly(edit("e1", "v1", 2));
    store.write(edit("e2", "v2", 3));

    store.retryHolders(List.of(new RetryKey(ROOM, "alice", "e1")));

    assertThat(at(1).content()).isEqualTo("v2");
    assertThat(at(1).changedSeq()).isEqualTo(3);
  }

  private Message edit(String clientMsgId, String content, long seq) {
    return NewMessage.change(
            "alice", MessageChange.EDITED, 1, content, null, clientMsgId, SENT.plusSeconds(seq))
        .withSeq(ROOM, seq, 1);
  }

  /** The entry's insert as {@link MongoMessageStore#write} makes it, and nothing after it. */
  private void storeEntryOnly(Message change) {
    fixture
        .storage()
        .collection(MongoStorage.MESSAGES)
        .insertOne(MongoUnnotifiedMessages.marked(change));
  }

  private Message at(long seq) {
    return store.get(ROOM, List.of(seq)).getFirst();
  }
}
