package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.realtime.LoggedProblems;
import io.dugout.realtime.RawExchange;
import io.dugout.realtime.RealtimeTestBase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

/**
 * Seeded, bounded differential fuzzing of the listener in front of Tomcat: requests from {@link
 * HeadMutator} go to the front's port and to the port of the Tomcat behind it, and must be answered
 * alike: the same statuses in the same order, framed alike, with the same bodies (so no answer goes
 * to another request), ending alike (answered, closed, or left open), and never failing (a 5xx but
 * 501 and 505). What the front answers itself (hot reads, WebSocket handshakes) it answers as
 * Tomcat would; what it relays reaches Tomcat as it was sent. Requests of several cases are in
 * flight at once, as heads Tomcat waits on take its connection timeout (two seconds here) to end.
 *
 * <p>The seed is printed; rerun one with {@code -Ddugout.fuzz.seed=…}. {@code dugout.fuzz.heads}
 * and {@code dugout.fuzz.seconds} bound the run (whichever comes first).
 */
@TestPropertySource(
    properties = {"dugout.listener.mode=front", "server.tomcat.connection-timeout=2s"})
class FrontFuzzTests extends RealtimeTestBase {

  private static final int HEADS = Integer.getInteger("dugout.fuzz.heads", 300);
  private static final Duration TIME_LIMIT =
      Duration.ofSeconds(Long.getLong("dugout.fuzz.seconds", 60));
  private static final int WORKERS = 4;
  private static final Duration PAUSE = Duration.ofMillis(30);

  /** Beyond the connection timeout, so that only a connection nobody closes ends open. */
  private static final Duration WAIT = Duration.ofSeconds(6);

  /** Well within the connection timeout: a close sooner is a refusal's, not a timeout's. */
  private static final Duration RESET_WITHIN = Duration.ofSeconds(1);

  @Value("${local.dugout.realtime.netty.port}")
  int front;

  @Test
  void answersEveryBentRequestAsTheTomcatBehindItDoes() throws Exception {
    long seed = Long.getLong("dugout.fuzz.seed", new Random().nextLong());
    System.out.println("FrontFuzzTests seed " + seed + " (rerun: -Ddugout.fuzz.seed=" + seed + ")");
    String owner = token(user("fuzz"));
    String room = group(owner, "fuzz", user("peer"));
    for (int i = 0; i < 3; i++) {
      post(owner, "/api/v1/rooms/" + room + "/messages", text("m-" + i, "message " + i));
    }
    // why: the first enter moves the read marker; later ones answer the same on both ports
    post(owner, "/api/v1/rooms/" + room + "/enter", "");
    var mutator = new HeadMutator(room, owner);
    var failures = new ConcurrentSkipListMap<Integer, String>();
    var outcomes = new ConcurrentSkipListMap<String, Integer>();
    var next = new AtomicInteger();
    long deadline = System.nanoTime() + TIME_LIMIT.toNanos();

    try (var logged = LoggedProblems.capture()) {
      var workers = new ArrayList<Thread>();
      for (int w = 0; w < WORKERS; w++) {
        workers.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      for (int i = next.getAndIncrement();
                          i < HEADS && System.nanoTime() < deadline;
                          i = next.getAndIncrement()) {
                        var bent = mutator.next(new Random(seed + i * 0x9E3779B97F4A7C15L));
                        String difference = compare(bent, outcomes);
                        if (difference != null) {
                          failures.put(i, context(seed, i, bent) + "\n  " + difference);
                        }
                      }
                    }));
      }
      for (Thread worker : workers) {
        worker.join();
      }
      System.out.println("FrontFuzzTests " + Math.min(next.get(), HEADS) + " cases: " + outcomes);
      assertThat(failures.values()).as("answered differently, seed " + seed).isEmpty();
      // why: Tomcat and Spring log some refusals of their own, as they do without the front
      assertThat(logged.problems())
          .filteredOn(problem -> problem.contains(" io.dugout.") || problem.contains(" io.netty."))
          .as("the front logged at WARN or above, seed " + seed)
          .isEmpty();
    }
    assertThat(Math.min(next.get(), HEADS)).as("cases run").isGreaterThan(HEADS / 10);
  }

  /** Sends {@code bent} to both ports at once; the difference in their answers, or null. */
  private String compare(HeadMutator.Bent bent, Map<String, Integer> outcomes) {
    var fromFront = new Timed[1];
    Thread toFront = Thread.ofVirtual().start(() -> fromFront[0] = exchange(front, bent));
    Timed fromTomcat = exchange(port, bent);
    try {
      toFront.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    outcomes.merge(
        fromTomcat.exchange().statuses() + " " + fromTomcat.exchange().end(), 1, Integer::sum);
    String difference = difference(fromFront[0].exchange(), fromTomcat.exchange());
    if (difference != null && refusedInPieces(fromFront[0], fromTomcat)) {
      outcomes.merge("refused alike, read in other pieces", 1, Integer::sum);
      return null;
    }
    return difference;
  }

  /** An exchange, and how long it took from the connection to its end. */
  private record Timed(RawExchange exchange, Duration took) {}

  /**
   * Whether both refused the request in ways that only the pieces Tomcat read it in tell apart.
   * Tomcat's refusal depends on them, and the Tomcat behind the front reads a request in other
   * pieces than the Tomcat reached directly (the front passes a head on whole once it is usual, and
   * a doubtful one as soon as it doubts it, a read at a time): Tomcat closes the connection as soon
   * as it refuses a request line, and a piece arriving after that makes the kernel reset the
   * connection and drop the refusal unread; and a request line refused in some pieces is answered
   * as HTTP/0.9, with the refusal's body and no head.
   */
  private static boolean refusedInPieces(Timed front, Timed tomcat) {
    return refusalLost(front, tomcat.exchange())
        || refusalLost(tomcat, front.exchange())
        || headless(front.exchange(), tomcat.exchange())
        || headless(tomcat.exchange(), front.exchange());
  }

  /**
   * Whether {@code lost} was reset with a prefix of {@code kept}'s answers, the rest refusals: a
   * close well before the connection timeout, so not a server that waited for more and gave up.
   */
  private static boolean refusalLost(Timed lost, RawExchange kept) {
    List<Integer> answered = lost.exchange().statuses();
    List<Integer> missed = kept.statuses();
    return lost.exchange().end() == RawExchange.End.CLOSED
        && lost.took().compareTo(RESET_WITHIN) < 0
        && missed.size() > answered.size()
        && missed.subList(0, answered.size()).equals(answered)
        && missed.subList(answered.size(), missed.size()).stream()
            .allMatch(status -> status >= 400);
  }

  /** Whether {@code bare} has {@code full}'s answers, a refusal among them without its head. */
  private static boolean headless(RawExchange bare, RawExchange full) {
    if (bare.answers().size() != full.answers().size()) {
      return false;
    }
    for (int i = 0; i < bare.answers().size(); i++) {
      RawExchange.Answer a = bare.answers().get(i);
      RawExchange.Answer b = full.answers().get(i);
      boolean same = a.status() == b.status();
      boolean bodyOnly = a.status() == 0 && b.status() >= 400 && Arrays.equals(a.body(), b.body());
      if (!same && !bodyOnly) {
        return false;
      }
    }
    return true;
  }

  private static String difference(RawExchange front, RawExchange tomcat) {
    String both = "front " + describe(front) + ", Tomcat " + describe(tomcat);
    for (RawExchange exchange : new RawExchange[] {front, tomcat}) {
      if (exchange.statuses().stream().anyMatch(FrontFuzzTests::isFailure)) {
        return "a server failure: " + both;
      }
    }
    if (!front.statuses().equals(tomcat.statuses()) || front.end() != tomcat.end()) {
      return both;
    }
    for (int i = 0; i < front.answers().size(); i++) {
      RawExchange.Answer a = front.answers().get(i);
      RawExchange.Answer b = tomcat.answers().get(i);
      // why: a 101's headers are the WebSocket server's own, and neither has a body
      if (a.status() == 101) {
        continue;
      }
      if (!a.framing().equals(b.framing()) || !Arrays.equals(a.body(), b.body())) {
        return "answer "
            + i
            + " differs: "
            + both
            + "\n  front: "
            + a.text()
            + "\n  Tomcat: "
            + b.text();
      }
    }
    return null;
  }

  /**
   * A 5xx other than the two HTTP prescribes for a request the server will not serve: 501 for a
   * transfer coding Tomcat does not implement, 505 for an HTTP version it does not speak.
   */
  private static boolean isFailure(int status) {
    return status >= 500 && status != 501 && status != 505;
  }

  private static String describe(RawExchange exchange) {
    return exchange.answers() + " " + exchange.end();
  }

  private static Timed exchange(int port, HeadMutator.Bent bent) {
    long start = System.nanoTime();
    try {
      var exchange = RawExchange.send(port, bent.chunks(), PAUSE, bent.requests(), WAIT);
      return new Timed(exchange, Duration.ofNanos(System.nanoTime() - start));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String context(long seed, int i, HeadMutator.Bent bent) {
    return "seed " + seed + ", case " + i + " (" + bent.mutations() + "):\n" + bent.shown();
  }
}
