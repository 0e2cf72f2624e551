package io.dugout.loadtest.scenario;

import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.floor.FloorStompBroker;
import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.SendStamp;
import io.dugout.loadtest.stomp.StompListener;
import io.dugout.loadtest.stomp.StompSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The seeds' JMeter flow, per virtual user and loop: open WebSocket → CONNECT → SUBSCRIBE → SEND →
 * wait for the own MESSAGE → DISCONNECT. Measures SEND → own MESSAGE ({@code echo}) and open →
 * CONNECTED ({@code connect}). A SEND whose echo does not arrive within the timeout is lost.
 *
 * <p>{@code --generator-warm-up L} first runs L loops per user against a {@link FloorStompBroker}
 * in this JVM, unmeasured: the generator is a fresh JVM too, and without it a fresh server's first
 * seconds are measured through the generator's own cold start. The server sees none of it. {@code
 * --floor} then runs the same flows against that broker after Dugout, for the ratio.
 */
public final class SendScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int users = options.integer("users");
    int rooms = Math.max(1, Math.min(options.integer("rooms"), users));
    List<String> userIds = Population.userIds("lt-user-", users);
    List<String> tokens = Population.tokens(context, userIds);
    List<List<String>> members = new ArrayList<>();
    for (int r = 0; r < rooms; r++) {
      members.add(new ArrayList<>());
    }
    for (int i = 0; i < users; i++) {
      members.get(i % rooms).add(userIds.get(i));
    }
    Flows flows =
        new Flows(
            tokens,
            Population.rooms(context, context.tokens().serviceToken(), members),
            options.integer("loops"),
            options.duration("ramp-up"),
            options.duration("duration"),
            Messages.content(options.integer("message-bytes")));

    int warmUpLoops = options.integer("generator-warm-up");
    if (warmUpLoops > 0) {
      try (FloorStompBroker broker = new FloorStompBroker(context.ioThreads());
          RunContext warmUp = context.generatorWarmUp(broker.base())) {
        warmUp.phase("send");
        flows.withLoops(warmUpLoops).run(warmUp);
      }
    }
    Preflight.stomp(context, tokens.get(0));
    context.phase("send");
    context.metrics().startMeasuring();
    flows.run(context);
    context.metrics().stopMeasuring();
    Outcome outcome =
        Outcome.of(
            List.of(
                "a loop whose own MESSAGE did not arrive within --timeout counts as lost;"
                    + " open→CONNECTED is the connect series"));
    if (!options.flag("floor")) {
      return outcome;
    }
    try (FloorStompBroker broker = new FloorStompBroker(context.ioThreads());
        RunContext floor = context.floor(broker.base())) {
      floor.phase("send");
      floor.metrics().startMeasuring();
      flows.run(floor);
      floor.metrics().stopMeasuring();
      return outcome.withFloor(
          floor.metrics(),
          "floor: the same users, loops and ramp-up against a minimal in-memory STOMP broker in"
              + " this JVM; ratio = Dugout's rate ÷ the floor's");
    }
  }

  /** Every user's loops, started evenly over the ramp-up. */
  private record Flows(
      List<String> tokens,
      List<String> roomIds,
      int loops,
      Duration rampUp,
      Duration duration,
      String content) {

    Flows withLoops(int otherLoops) {
      return new Flows(tokens, roomIds, otherLoops, rampUp, duration, content);
    }

    /** Runs them against the context's target, into its metrics; returns when all have ended. */
    void run(RunContext context) {
      int users = tokens.size();
      LatencySeries echo = context.metrics().series("echo");
      LatencySeries connect = context.metrics().series("connect");
      long rampNanos = rampUp.toNanos();
      long start = System.nanoTime();
      long stopAt = start + (duration.isZero() ? Long.MAX_VALUE / 2 : duration.toNanos());
      try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < users; i++) {
          int user = i;
          long startAt = start + (users > 1 ? rampNanos * user / users : 0);
          executor.submit(
              () -> {
                Pacing.sleepUntil(startAt);
                VirtualUser virtualUser =
                    new VirtualUser(
                        context,
                        user,
                        tokens.get(user),
                        roomIds.get(user % roomIds.size()),
                        content,
                        echo,
                        connect);
                for (int loop = 0; loop < loops && System.nanoTime() < stopAt; loop++) {
                  virtualUser.runLoop(loop);
                }
              });
        }
      }
    }
  }

  /** One virtual user: a fresh connection per loop, as in the JMeter plan. */
  private static final class VirtualUser implements StompListener {

    private final RunContext context;

    private final Metrics metrics;

    private final int index;

    private final String token;

    private final String roomId;

    private final String content;

    private final LatencySeries echo;

    private final LatencySeries connect;

    private volatile long currentLoop = -1;

    private volatile CompletableFuture<Void> ownMessage = new CompletableFuture<>();

    VirtualUser(
        RunContext context,
        int index,
        String token,
        String roomId,
        String content,
        LatencySeries echo,
        LatencySeries connect) {
      this.context = context;
      this.metrics = context.metrics();
      this.index = index;
      this.token = token;
      this.roomId = roomId;
      this.content = content;
      this.echo = echo;
      this.connect = connect;
    }

    void runLoop(int loop) {
      metrics.attempts.increment();
      long timeoutMs = context.timeout().toMillis();
      StompSession session = null;
      try {
        long opening = System.nanoTime();
        session = context.stomp().connect(index, token, this).get(timeoutMs, TimeUnit.MILLISECONDS);
        connect.recordMicros((System.nanoTime() - opening) / 1000);
        metrics.connections.incrementAndGet();
        session.subscribe("0", Messages.topic(roomId));
        ownMessage = new CompletableFuture<>();
        currentLoop = loop;
        SendStamp stamp = new SendStamp(index, loop, SendStamp.now());
        session.send(Messages.destination(roomId), Messages.json(stamp, content));
        metrics.sent.increment();
        metrics.expected.increment();
        ownMessage.get(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (TimeoutException ex) {
        if (session == null) {
          metrics.error("connect timed out");
        }
        // else: the own MESSAGE never came; counted as lost (expected − received)
      } catch (ExecutionException ex) {
        metrics.error(ex.getCause().getMessage());
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
      } finally {
        currentLoop = -1;
        if (session != null) {
          metrics.connections.decrementAndGet();
          session.disconnect();
        }
      }
    }

    @Override
    public void onMessage(Delivery delivery) {
      SendStamp stamp = delivery.stamp();
      if (stamp != null
          && stamp.sender() == index
          && stamp.counter() == currentLoop
          && !ownMessage.isDone()) {
        echo.recordMicros(delivery.latencyMicros());
        metrics.received.increment();
        ownMessage.complete(null);
      }
    }

    @Override
    public void onError(String message) {
      ownMessage.completeExceptionally(new IllegalStateException("ERROR frame: " + message));
    }
  }
}
