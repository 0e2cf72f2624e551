package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link Sequencer} must have: its Javadoc, sentence by sentence. An adapter's
 * test class only starts a node (once per class) with a {@link Recorder} among its listeners and
 * hands out the node's sequencer and store. Every test uses rooms of its own.
 */
public abstract class SequencerContract {

  /** The node's sequencer. */
  protected abstract Sequencer sequencer();

  /** The store the sequencer writes. */
  protected abstract MessageStore store();

  /** The listener the fixture gave the node. */
  protected abstract Recorder recorder();

  @Test
  void numbersEachRoomsMessagesFromOneWithoutGapsOrRepeats() {
    String room = room();
    String other = room();
    assertThat(seqOf(room, "alice", "a1")).isEqualTo(1);
    assertThat(seqOf(room, "bob", "b1")).isEqualTo(2);
    assertThat(seqOf(other, "alice", "a1")).as("a room of its own").isEqualTo(1);
    assertThat(seqOf(room, "alice", "a2")).isEqualTo(3);
    assertThat(seqs(store().after(room, 0, 10))).containsExactly(1L, 2L, 3L);
  }

  @Test
  void returnsTheStoredOriginalOfARetryAndUsesNoSeq() {
    String room = room();
    var first = append(room, "alice", "c-1", "hello");
    append(room, "alice", "c-2", "next");

    var retry = append(room, "alice", "c-1", "hello again");

    assertThat(first.created()).isTrue();
    assertThat(retry.created()).isFalse();
    assertThat(retry.message()).isEqualTo(first.message());
    assertThat(seqOf(room, "alice", "c-3")).as("the retry took no seq").isEqualTo(3);
    assertThat(seqOf(room, "bob", "c-1")).as("a key is the sender's own").isEqualTo(4);
  }

  @Test
  void givesConcurrentAppendsAndRetriesOneGapFreeSeqEach() throws Exception {
    String room = room();
    int senders = 4;
    int each = 15;
    var seqs = Collections.synchronizedList(new ArrayList<Long>());
    var start = new CountDownLatch(1);
    var done = new ArrayList<Future<?>>();
    try (var pool = Executors.newFixedThreadPool(senders)) {
      for (int s = 0; s < senders; s++) {
        String sender = "user" + s;
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < each; i++) {
                    var first = append(room, sender, "c" + i, "x");
                    // why: a retry racing with new messages must not take a seq either
                    var retry = append(room, sender, "c" + i, "x");
                    assertThat(retry.message().seq()).isEqualTo(first.message().seq());
                    seqs.add(first.message().seq());
                  }
                  return null;
                }));
      }
      start.countDown();
    }
    for (var sender : done) {
      sender.get(); // rethrows a sender's failed assertion
    }
    int total = senders * each;
    assertThat(new HashSet<>(seqs)).hasSize(total);
    assertThat(seqs(store().after(room, 0, total + 10)))
        .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
  }

  @Test
  void tellsListenersOfEachNewMessageOnceInSeqOrderOnlyOnceItIsDurable() throws Exception {
    String room = room();
    seqOf(room, "alice", "before");
    long last = sequencer().atLastSeq(room, seq -> recorder().watch(room, seq));
    assertThat(last).as("the room's last seq").isEqualTo(1);
    try (var pool = Executors.newFixedThreadPool(3)) {
      for (int s = 0; s < 3; s++) {
        String sender = "user" + s;
        pool.submit(
            () -> {
              for (int i = 0; i < 10; i++) {
                append(room, sender, "c" + i, "x");
                append(room, sender, "c" + i, "x");
              }
            });
      }
    }
    Waits.until(
        () -> recorder().told(room).size() >= 30, Duration.ofSeconds(20), "30 messages told");
    assertThat(recorder().told(room))
        .as("seqs told, each once, in order, none before the watch began")
        .containsExactlyElementsOf(LongStream.rangeClosed(2, 31).boxed().toList());
    assertThat(recorder().notDurable()).as("told before the store had it").isEmpty();
  }

  @Test
  void runsAnActionWithTheRoomsLastSeq() {
    String room = room();
    assertThat(lastSeq(room)).as("an empty room").isZero();
    seqOf(room, "alice", "m1");
    seqOf(room, "alice", "m2");
    assertThat(sequencer().<String>atLastSeq(room, seq -> "at " + seq)).isEqualTo("at 2");
    seqOf(room, "alice", "m3");
    assertThat(lastSeq(room)).isEqualTo(3);
  }

  /**
   * A listener that records the seqs it is told of in rooms a test {@linkplain #watch watches}, and
   * any message it was told of before the store had it.
   */
  public static final class Recorder implements MessageListener {

    private final Map<String, List<Long>> told = new ConcurrentHashMap<>();
    private final List<Message> notDurable = Collections.synchronizedList(new ArrayList<>());
    private volatile MessageStore store;

    /** The store to check each told message against. */
    public void checkAgainst(MessageStore store) {
      this.store = store;
    }

    long watch(String room, long lastSeq) {
      told.put(room, Collections.synchronizedList(new ArrayList<>()));
      return lastSeq;
    }

    List<Long> told(String room) {
      synchronized (told.get(room)) {
        return List.copyOf(told.get(room));
      }
    }

    List<Message> notDurable() {
      return notDurable;
    }

    @Override
    public void messagePosted(Message message) {
      var seqs = told.get(message.roomId());
      if (seqs == null) {
        return;
      }
      if (store.after(message.roomId(), message.seq() - 1, 1).isEmpty()) {
        notDurable.add(message);
      }
      seqs.add(message.seq());
    }

    /** why: a cluster node tells its listeners only of the rooms some listener follows */
    @Override
    public boolean follows(String roomId) {
      return told.containsKey(roomId);
    }
  }

  private long seqOf(String room, String sender, String clientMsgId) {
    var appended = append(room, sender, clientMsgId, "text of " + clientMsgId);
    assertThat(appended.created()).as("a new message").isTrue();
    return appended.message().seq();
  }

  private MessageStore.Appended append(
      String room, String sender, String clientMsgId, String content) {
    return sequencer()
        .append(
            room,
            new NewMessage(
                sender, MessageKind.TEXT, content, List.of(), clientMsgId, Instant.now()));
  }

  private long lastSeq(String room) {
    return sequencer().<Long>atLastSeq(room, seq -> seq);
  }

  private static String room() {
    return UUID.randomUUID().toString();
  }

  private static List<Long> seqs(List<Message> messages) {
    return messages.stream().map(Message::seq).toList();
  }
}
