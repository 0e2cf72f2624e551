package io.dugout.loadtest.scenario;

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
 */
public final class SendScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    int users = context.options().integer("users");
    int rooms = Math.max(1, Math.min(context.options().integer("rooms"), users));
    int loops = context.options().integer("loops");
    Duration rampUp = context.options().duration("ramp-up");
    Duration duration = context.options().duration("duration");
    String content = Messages.content(context.options().integer("message-bytes"));
    Metrics metrics = context.metrics();
    LatencySeries echo = metrics.series("echo");
    LatencySeries connect = metrics.series("connect");

    List<String> userIds = Population.userIds("lt-user-", users);
    List<String> tokens = Population.tokens(context, userIds);
    List<List<String>> members = new ArrayList<>();
    for (int r = 0; r < rooms; r++) {
      members.add(new ArrayList<>());
    }
    for (int i = 0; i < users; i++) {
      members.get(i % rooms).add(userIds.get(i));
    }
    List<String> roomIds = Population.rooms(context, context.tokens().serviceToken(), members);
    Preflight.stomp(context, tokens.get(0));

    context.phase("send");
    metrics.startMeasuring();
    long rampNanos = rampUp.toNanos();
    long start = System.nanoTime();
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
                      roomIds.get(user % rooms),
                      content,
                      echo,
                      connect);
              long stopAt = start + (duration.isZero() ? Long.MAX_VALUE / 2 : duration.toNanos());
              for (int loop = 0; loop < loops && System.nanoTime() < stopAt; loop++) {
                virtualUser.runLoop(loop);
              }
            });
      }
    }
    metrics.stopMeasuring();
    return Outcome.of(
        List.of(
            "a loop whose own MESSAGE did not arrive within --timeout counts as lost;"
                + " open→CONNECTED is the connect series"));
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
