package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.floor.FloorStompBroker;
import io.dugout.loadtest.report.FloorFigures;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.SendStamp;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Persistent connections sending for a fixed time: every user holds one session subscribed to its
 * room; the first {@code senders} users send, at a fixed total rate (open loop) or each right after
 * its own echo (closed loop). Shared by {@code chat} and {@code fanout}.
 */
final class LiveLoad {

  /** Connections being opened at once during ramp-up. */
  private static final int CONNECT_CONCURRENCY = 128;

  private final RunContext context;

  private final LivePlan plan;

  private final Metrics metrics;

  private final AtomicIntegerArray subscribers;

  private final MeasuredSends measured;

  private final EntryCounts byType = new EntryCounts();

  private final List<LiveUser> users = new ArrayList<>();

  private final Map<String, LongAdder> setupFailures = new ConcurrentHashMap<>();

  LiveLoad(RunContext context, LivePlan plan) {
    this.context = context;
    this.plan = plan;
    this.metrics = context.metrics();
    this.subscribers = new AtomicIntegerArray(plan.roomIds().size());
    this.measured = new MeasuredSends(plan.tokens().size());
  }

  /**
   * Runs the plan against the context's deployment and then, for a comparison in the same run, the
   * same plan against Centrifugo ({@code --centrifugo}: the rooms' ids name its channels) or, with
   * {@code --floor}, against a {@link FloorStompBroker} in this JVM, reusing the rooms set up on
   * Dugout.
   *
   * <p>why: the broker runs in this JVM, so it shares the generator's CPU, as a separate process on
   * the same 2-core box would; Dugout shares it with the generator too. Both therefore face the
   * same competition for the cores, and the ratio compares like with like.
   */
  static Scenario.Outcome runWithComparison(RunContext context, LivePlan plan)
      throws InterruptedException {
    String centrifugo = context.options().string("centrifugo");
    Duration generatorWarmUp = context.options().duration("generator-warm-up");
    if (generatorWarmUp.isPositive()) {
      // why: the generator is a fresh JVM; without this, the first target measured (Dugout) meets
      // it colder than the second (the floor or the peer) does
      try (FloorStompBroker broker = new FloorStompBroker(context.ioThreads());
          RunContext warmUp = context.generatorWarmUp(broker.base())) {
        new LiveLoad(warmUp, plan.sendingFor(generatorWarmUp)).run();
      }
    }
    Scenario.Outcome outcome = new LiveLoad(context, plan).run();
    if (centrifugo != null) {
      try (RunContext peer = context.centrifugo(URI.create(centrifugo))) {
        new LiveLoad(peer, plan).run();
        return outcome.against(
            FloorFigures.CENTRIFUGO,
            peer.metrics(),
            "centrifugo: the same sessions, rooms and sends against Centrifugo at "
                + centrifugo
                + " (channel rooms:<roomId>, seq = the publication's offset); ratio = Dugout's"
                + " rate ÷ Centrifugo's");
      }
    }
    if (!context.options().flag("floor")) {
      return outcome;
    }
    try (FloorStompBroker broker = new FloorStompBroker(context.ioThreads());
        RunContext floor = context.floor(broker.base())) {
      new LiveLoad(floor, plan).run();
      return outcome.withFloor(
          floor.metrics(),
          "floor: the same sessions, rooms and sends against a minimal in-memory STOMP broker in"
              + " this JVM; ratio = Dugout's rate ÷ the floor's");
    }
  }

  /**
   * Opens the measured window: first the counters are reset, then the users count only what is sent
   * from now on, so a warm-up send delivered inside the window is neither expected nor received.
   */
  private void startMeasuring() {
    metrics.startMeasuring();
    measured.startAt(SendStamp.now());
  }

  Scenario.Outcome run() throws InterruptedException {
    Preflight.live(context, plan.tokens().get(0));
    context.phase("connect");
    connectAll();
    List<String> notes = new ArrayList<>();
    int connected = (int) users.stream().filter(LiveUser::subscribed).count();
    if (connected == 0) {
      throw new TargetException(
          "no session could connect and subscribe: " + setupFailures.keySet());
    }
    if (connected < plan.tokens().size()) {
      notes.add(
          (plan.tokens().size() - connected)
              + " of "
              + plan.tokens().size()
              + " sessions failed during setup and were left out: "
              + setupFailures.keySet());
    }

    List<LiveUser> senders =
        users.stream().filter(user -> user.index() < plan.senders() && user.subscribed()).toList();
    long periodNanos =
        plan.closedLoop() ? 0 : Math.max(1, Math.round(1e9 * senders.size() / plan.rate()));
    long warmUpEnd = System.nanoTime() + plan.warmUp().toNanos();
    long end = warmUpEnd + plan.duration().toNanos();
    boolean warmingUp = plan.warmUp().isPositive();
    // why: without a warm-up the window opens before the first send, which would otherwise reach
    // the server stamped before the window and go uncounted
    context.phase(warmingUp ? "warm-up" : "run");
    if (!warmingUp) {
      startMeasuring();
    }
    for (LiveUser sender : senders) {
      sender.start(end, periodNanos, context.timeout());
    }
    if (warmingUp) {
      Pacing.sleepUntil(warmUpEnd);
      context.phase("run");
      startMeasuring();
    }
    Pacing.sleepUntil(end);
    awaitStopped(users.stream().map(LiveUser::stopSending).toList());

    context.phase("drain");
    long drainEnd = System.nanoTime() + plan.drain().toNanos();
    while (metrics.received.sum() < metrics.expected.sum() && System.nanoTime() < drainEnd) {
      Thread.sleep(20);
    }
    metrics.stopMeasuring();
    context.phase("close");
    users.forEach(LiveUser::close);
    notes.add(
        connected
            + " sessions in "
            + plan.roomIds().size()
            + " rooms, "
            + senders.size()
            + " senders, "
            + (plan.closedLoop()
                ? "closed loop (next send after the own echo)"
                : "open loop at " + plan.rate() + " sends/s")
            + "; expected = sends × subscribers of the room; delivery = every receiver, echo = the"
            + " sender's own copy"
            + (plan.warmUp().isPositive()
                ? "; the same load ran for " + plan.warmUp().toMillis() + " ms before measuring"
                : ""));
    if (!plan.shares().any()) {
      return Scenario.Outcome.of(notes);
    }
    notes.add(
        String.format(
            Locale.ROOT,
            "of each sender's sends, %.0f %% edit one of its own recent messages and %.0f %% add or"
                + " remove its reaction on a recent message of the room, each an entry of the"
                + " room's log, delivered and counted like a message (until a change has a target,"
                + " a message goes instead)",
            100 * plan.shares().edits(),
            100 * plan.shares().reactions()));
    return new Scenario.Outcome(List.of(byType.table()), notes);
  }

  /**
   * Waits until every sender has stopped: a send under way when the window ends adds the deliveries
   * it expects only after its frame left, so a drain that read the counters before would stop
   * measuring with that send's deliveries still to come, and count them lost.
   */
  private void awaitStopped(List<CompletableFuture<Void>> stops) throws InterruptedException {
    try {
      CompletableFuture.allOf(stops.toArray(CompletableFuture[]::new))
          .get(context.timeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException | TimeoutException stuck) {
      // why: a session whose I/O thread does not answer sends nothing more either; the drain's
      // own limit still bounds the run
    }
  }

  private void connectAll() throws InterruptedException {
    int count = plan.tokens().size();
    Semaphore inFlight = new Semaphore(CONNECT_CONCURRENCY);
    long start = System.nanoTime();
    long rampNanos = plan.rampUp().toNanos();
    for (int i = 0; i < count; i++) {
      int room = plan.roomOfUser()[i];
      users.add(
          new LiveUser(
              i,
              room,
              plan.roomIds().get(room),
              plan.content(),
              metrics,
              subscribers,
              measured,
              new SendMix(plan.shares(), new SplittableRandom()),
              byType));
    }
    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
      for (LiveUser user : users) {
        long at = start + (count > 1 ? rampNanos * user.index() / count : 0);
        executor.submit(
            () -> {
              Pacing.sleepUntil(at);
              inFlight.acquireUninterruptibly();
              try {
                user.connect(context.live(), plan.tokens().get(user.index()), context.timeout());
              } catch (Exception ex) {
                Throwable cause = ex.getCause() != null ? ex.getCause() : ex;
                String reason =
                    cause.getMessage() != null
                        ? cause.getMessage()
                        : cause.getClass().getSimpleName() + " (after --timeout)";
                setupFailures
                    .computeIfAbsent(String.valueOf(reason), key -> new LongAdder())
                    .increment();
              } finally {
                inFlight.release();
              }
            });
      }
    }
  }

  static long randomBelow(long bound) {
    return bound <= 0 ? 0 : ThreadLocalRandom.current().nextLong(bound);
  }
}
