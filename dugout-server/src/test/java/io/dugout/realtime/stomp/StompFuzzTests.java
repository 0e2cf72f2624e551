package io.dugout.realtime.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import io.dugout.realtime.LoggedProblems;
import io.dugout.realtime.RealtimeTestBase;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.CloseStatus;

/**
 * Seeded, bounded fuzzing of the STOMP endpoint with frames from {@link FrameMutator}. Each frame
 * is followed by two probes (UNSUBSCRIBE with a receipt): the connection must either be refused
 * with an ERROR naming the problem and a policy-violation close, or answer the probe. Meanwhile a
 * well-behaved member keeps posting, and another keeps receiving the room in seq order.
 *
 * <p>The seed is printed; rerun one with {@code -Ddugout.fuzz.seed=…}. {@code dugout.fuzz.frames}
 * and {@code dugout.fuzz.seconds} bound the run (whichever comes first).
 */
@ClientPath.EveryPath
class StompFuzzTests extends RealtimeTestBase {

  private static final int FRAMES = Integer.getInteger("dugout.fuzz.frames", 3000);
  private static final Duration TIME_LIMIT =
      Duration.ofSeconds(Long.getLong("dugout.fuzz.seconds", 30));
  private static final Duration PROBE_WAIT = Duration.ofMillis(200);
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final int POST_EVERY = 25;

  private final Map<String, Integer> outcomes = new TreeMap<>();

  @Test
  void refusesBrokenFramesWithReasonsWhileOtherSessionsKeepReceivingInOrder() {
    long seed = Long.getLong("dugout.fuzz.seed", new Random().nextLong());
    System.out.println("StompFuzzTests seed " + seed + " (rerun: -Ddugout.fuzz.seed=" + seed + ")");
    String room = groupOf("alice", "bob", "carol");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    var carol = connect("carol");
    String alice = token("alice");
    var mutator = new FrameMutator(room, alice);
    var posted = new ArrayList<String>();
    long started = System.nanoTime();
    int frames = 0;
    try (var logged = LoggedProblems.capture()) {
      StompTestClient victim = null;
      for (; frames < FRAMES && System.nanoTime() - started < TIME_LIMIT.toNanos(); frames++) {
        if (frames % POST_EVERY == 0) {
          String id = "carol-" + frames;
          carol.sendJson("/app/rooms." + room + ".messages", text(id, "hi"), id);
          carol.awaitReceipt(id);
          posted.add(id);
        }
        var random = new Random(seed + frames * 0x9E3779B97F4A7C15L);
        var fuzzed = mutator.next(random);
        if (victim == null || fuzzed.connect()) {
          if (victim != null) {
            victim.close();
          }
          victim = open();
          if (!fuzzed.connect()) {
            // why: no wait for CONNECTED; the probes' receipts come after it anyway
            victim.sendRaw("CONNECT\naccept-version:1.2\nAuthorization:Bearer " + alice + "\n\n\0");
          }
        }
        String context =
            "seed "
                + seed
                + ", frame "
                + frames
                + " ("
                + fuzzed.mutations()
                + "): "
                + FrameMutator.escape(fuzzed.bytes());
        victim = fuzz(victim, fuzzed.bytes(), random, frames, context);
      }
      assertThat(logged.problems()).as("logged at WARN or above, seed " + seed).isEmpty();
    }
    long millis = Duration.ofNanos(System.nanoTime() - started).toMillis();
    System.out.println("StompFuzzTests: " + frames + " frames in " + millis + " ms: " + outcomes);
    assertThat(frames).isGreaterThan(200);
    assertThat(outcomes.keySet()).anyMatch(o -> o.startsWith("ERROR")).contains("answered");
    assertInOrderWithoutGaps(bob, room, posted);
  }

  /**
   * Sends one fuzzed frame (in one to three WebSocket messages) and probes; returns the connection
   * if it is still usable, or null when it was closed.
   */
  private StompTestClient fuzz(
      StompTestClient victim, byte[] frame, Random random, int n, String context) {
    int parts = random.nextInt(4) == 0 ? 2 + random.nextInt(2) : 1;
    int from = 0;
    for (int part = 1; part <= parts; part++) {
      int to = part == parts ? frame.length : from + random.nextInt(frame.length - from + 1);
      send(victim, Arrays.copyOfRange(frame, from, to));
      from = to;
    }
    String probe = "UNSUBSCRIBE\nid:probe\nreceipt:";
    send(victim, (probe + "a-" + n + "\n\n\0" + probe + "b-" + n + "\n\n\0").getBytes());
    String outcome = outcome(victim, "b-" + n, PROBE_WAIT, context);
    if (outcome == null) {
      // why: the frame is still incomplete (a body shorter than its content-length, say); line
      // ends complete it or push it over a limit, and do nothing between frames
      send(victim, "\n".repeat(70_000).getBytes());
      send(victim, (probe + "c-" + n + "\n\n\0").getBytes());
      outcome = outcome(victim, "c-" + n, WAIT, context);
      assertThat(outcome).as("neither refused nor answered: " + context).isNotNull();
      outcome += " after line ends";
    }
    outcomes.merge(outcome, 1, Integer::sum);
    return outcome.startsWith("answered") ? victim : null;
  }

  /** Sends unless the server has closed the connection meanwhile (it may, after any byte). */
  private static void send(StompTestClient victim, byte[] bytes) {
    try {
      victim.sendBinary(bytes);
    } catch (CompletionException e) {
      victim.awaitClose();
    }
  }

  /**
   * Waits for the probe's receipt ("answered"), an ERROR ("ERROR …", with the close checked) or a
   * close ("closed"); null when none came in time.
   */
  private static String outcome(
      StompTestClient victim, String receipt, Duration timeout, String context) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      // why: frames are taken in before the close is noted, so none can follow this
      boolean closed = victim.isClosed();
      var frame = victim.poll(Duration.ofMillis(20));
      if (frame == null) {
        if (closed) {
          assertThat(victim.awaitClose())
              .as("closed without an ERROR: " + context)
              .isEqualTo(CloseStatus.NORMAL.getCode());
          return "closed";
        }
        continue;
      }
      if (frame.command().equals("ERROR")) {
        String message = frame.header("message");
        assertThat(message).as(context).isNotBlank().doesNotContainIgnoringCase("internal");
        assertThat(frame.body()).as(context).isEqualTo(message);
        assertThat(victim.awaitClose())
            .as("close after ERROR " + message + ": " + context)
            .isEqualTo(CloseStatus.POLICY_VIOLATION.getCode());
        return "ERROR " + kind(message);
      }
      if (frame.command().equals("RECEIPT") && receipt.equals(frame.header("receipt-id"))) {
        return "answered";
      }
    }
    return null;
  }

  /** The kind of problem an ERROR names, for the summary: its first two words. */
  private static String kind(String message) {
    String[] words = message.split("[ :]+", 3);
    return words.length < 2 ? message : words[0] + " " + words[1];
  }

  private void assertInOrderWithoutGaps(
      StompTestClient bob, String room, ArrayList<String> posted) {
    long last =
        get(token("carol"), "/api/v1/rooms/" + room + "/messages?limit=1")
            .get("messages")
            .get(0)
            .get("seq")
            .asLong();
    var seqs = new ArrayList<Long>();
    var ids = new ArrayList<String>();
    while (seqs.isEmpty() || seqs.getLast() < last) {
      var body = json(bob.await(f -> f.command().equals("MESSAGE"), WAIT));
      // why: the fuzzed sessions edit and react too; each change is an entry of the log
      boolean message = body.get("type").asString().equals("message");
      if (message || body.has("change")) {
        seqs.add(body.get("seq").asLong());
      }
      if (message) {
        ids.add(body.get("clientMsgId").asString());
      }
    }
    for (int i = 0; i < seqs.size(); i++) {
      assertThat(seqs.get(i)).as("seq at " + i + " of " + seqs).isEqualTo(i + 1L);
    }
    assertThat(ids).containsAll(posted);
    assertThat(bob.isClosed()).isFalse();
  }
}
