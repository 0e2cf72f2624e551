package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.HttpConnection;
import io.dugout.loadtest.api.HttpConnections;
import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The measured part of {@code history}: C clients × L history pages at random {@code before}
 * cursors, then C × L {@code enter} calls, against one target. The same code runs against Dugout
 * and against the floor; only what counts as a valid answer differs. Each target first gets C × W
 * requests of each kind, unmeasured and not counted ({@code warmUpRequests}), so that the
 * generator's own JIT is as warm for Dugout, its first target, as for the floor. When some rooms
 * carry reactions and replies, each request goes to a plain room or to one of those at random, and
 * the two are reported side by side ({@link PageComparison}).
 *
 * @param roomIds the seeded rooms
 * @param tokens one bearer token per client
 * @param lastSeq the seq of the newest entry of each room, message or change
 * @param lastMessage the seq of the newest message of each room, the room's {@code lastMessage}
 * @param plainRooms rooms {@code 0} to {@code plainRooms - 1} are plain; the rest carry reactions
 *     and replies
 */
record HistoryLoad(
    List<String> roomIds,
    List<String> tokens,
    AtomicLongArray lastSeq,
    AtomicLongArray lastMessage,
    int plainRooms,
    int pageSize,
    int requests,
    int enterRequests,
    int warmUpRequests,
    int buckets) {

  /** The first seq a valid answer carries. */
  interface Expected {

    long historyNewest(int room, long before);

    long enterNewest(int room);
  }

  /**
   * Dugout's answers: the page of the log just before the cursor, and (its first seq) the room's
   * {@code lastMessage}.
   */
  Expected fromDugout() {
    return new Expected() {
      @Override
      public long historyNewest(int room, long before) {
        return before - 1;
      }

      @Override
      public long enterNewest(int room) {
        return lastMessage.get(room);
      }
    };
  }

  /** Whether the room carries reactions and replies. */
  boolean rich(int room) {
    return room >= plainRooms;
  }

  /** A plain room or, when there are any, a rich one, each half the time. */
  private int pickRoom(ThreadLocalRandom random) {
    int richRooms = roomIds.size() - plainRooms;
    return richRooms > 0 && random.nextBoolean()
        ? plainRooms + random.nextInt(richRooms)
        : random.nextInt(plainRooms);
  }

  String historyPath(int room, long before) {
    return "/api/v1/rooms/"
        + roomIds.get(room)
        + "/messages?before="
        + before
        + "&limit="
        + pageSize;
  }

  String enterPath(int room) {
    return "/api/v1/rooms/" + roomIds.get(room) + "/enter";
  }

  /** Runs both phases in the target's measured window and returns the report's tables. */
  List<RunResult.Table> run(RunContext target, Expected expected) {
    int clients = tokens.size();
    boolean anyRich = plainRooms < roomIds.size();
    Metrics metrics = target.metrics();
    LatencySeries history = metrics.series("history");
    LatencySeries historyRich = anyRich ? metrics.series("history-rich") : null;
    LatencySeries enter = metrics.series("enter");
    LatencySeries enterRich = anyRich ? metrics.series("enter-rich") : null;
    PageComparison comparison = new PageComparison();
    long deepest = 0;
    for (int r = 0; r < plainRooms; r++) {
      deepest = Math.max(deepest, lastSeq.get(r));
    }
    DepthBuckets byDepth = new DepthBuckets(buckets, deepest);

    HttpConnections http = target.http();
    if (warmUpRequests > 0) {
      target.phase("warm-up");
      runClients(http, clients, warmUpRequests, this::page, null);
      runClients(http, clients, warmUpRequests, this::entered, null);
    }
    target.phase("history");
    metrics.startMeasuring();
    long historyStart = System.nanoTime();
    runClients(
        http,
        clients,
        requests,
        (client, random, connection) -> {
          int room = pickRoom(random);
          long last = lastSeq.get(room);
          if (last < 1) {
            return;
          }
          long before = 2 + random.nextLong(last);
          long depth = last + 1 - before;
          CheckedRequest.Answered answered =
              CheckedRequest.timed(
                  metrics,
                  connection,
                  tokens.get(client),
                  "GET",
                  historyPath(room, before),
                  expected.historyNewest(room, before));
          if (answered == null) {
            return;
          }
          comparison.record(
              PageComparison.Request.HISTORY, rich(room), answered.micros(), answered.bytes());
          if (rich(room)) {
            historyRich.recordMicros(answered.micros());
          } else {
            history.recordMicros(answered.micros());
            byDepth.record(depth, answered.micros());
          }
        },
        metrics);
    double historySeconds = (System.nanoTime() - historyStart) / 1e9;

    target.phase("enter");
    long enterStart = System.nanoTime();
    runClients(
        http,
        clients,
        enterRequests,
        (client, random, connection) -> {
          int room = pickRoom(random);
          CheckedRequest.Answered answered =
              CheckedRequest.timed(
                  metrics,
                  connection,
                  tokens.get(client),
                  "POST",
                  enterPath(room),
                  expected.enterNewest(room));
          if (answered != null) {
            comparison.record(
                PageComparison.Request.ENTER, rich(room), answered.micros(), answered.bytes());
            (rich(room) ? enterRich : enter).recordMicros(answered.micros());
          }
        },
        metrics);
    double enterSeconds = (System.nanoTime() - enterStart) / 1e9;
    metrics.stopMeasuring();
    http.close();
    List<List<String>> phases = new ArrayList<>();
    for (LatencySeries series : anyRich ? List.of(history, historyRich) : List.of(history)) {
      metrics.window(series.name(), historySeconds);
      phases.add(phaseRow(series.name(), series, historySeconds));
    }
    for (LatencySeries series : anyRich ? List.of(enter, enterRich) : List.of(enter)) {
      metrics.window(series.name(), enterSeconds);
      phases.add(phaseRow(series.name(), series, enterSeconds));
    }
    List<RunResult.Table> tables = new ArrayList<>();
    tables.add(byDepth.table());
    tables.add(
        new RunResult.Table(
            "phases", List.of("phase", "requests", "seconds", "requests/s"), phases));
    if (anyRich) {
      tables.add(comparison.table());
    }
    return tables;
  }

  /** A warm-up history page at a random cursor; its answer is not checked or counted. */
  private void page(int client, ThreadLocalRandom random, HttpConnection connection) {
    int room = pickRoom(random);
    long last = lastSeq.get(room);
    if (last >= 1) {
      unmeasured(
          connection, tokens.get(client), "GET", historyPath(room, 2 + random.nextLong(last)));
    }
  }

  /** A warm-up {@code enter}; its answer is not checked or counted. */
  private void entered(int client, ThreadLocalRandom random, HttpConnection connection) {
    unmeasured(connection, tokens.get(client), "POST", enterPath(pickRoom(random)));
  }

  private static void unmeasured(
      HttpConnection connection, String token, String method, String path) {
    try {
      connection.request(method, path, token, null);
    } catch (RuntimeException ex) {
      // why: a warm-up answer counts for nothing; the measured phases check and count theirs
    }
  }

  private static List<String> phaseRow(String name, LatencySeries series, double seconds) {
    long count = series.count();
    return List.of(
        name,
        String.valueOf(count),
        String.format(Locale.ROOT, "%.2f", seconds),
        String.format(Locale.ROOT, "%.1f", count / Math.max(1e-9, seconds)));
  }

  private interface ClientStep {

    void run(int client, ThreadLocalRandom random, HttpConnection connection);
  }

  /**
   * Each client is a virtual thread with its own keep-alive connection, one request at a time;
   * {@code metrics} counts the requests, null for a warm-up, which counts none.
   */
  private static void runClients(
      HttpConnections http, int clients, int requests, ClientStep step, Metrics metrics) {
    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int c = 0; c < clients; c++) {
        int client = c;
        executor.submit(
            () -> {
              try (HttpConnection connection = http.open(client)) {
                for (int i = 0; i < requests; i++) {
                  if (metrics != null) {
                    metrics.attempts.increment();
                    metrics.sent.increment();
                    metrics.expected.increment();
                  }
                  step.run(client, ThreadLocalRandom.current(), connection);
                }
              }
            });
      }
    }
  }
}
