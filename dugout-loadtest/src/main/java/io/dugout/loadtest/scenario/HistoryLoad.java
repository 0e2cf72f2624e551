package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HttpConnection;
import io.dugout.loadtest.api.HttpConnections;
import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.report.RunResult;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The measured part of {@code history}: C clients × L history pages at random {@code before}
 * cursors, then C × L {@code enter} calls, against one target. The same code runs against Dugout
 * and against the floor; only what counts as a valid answer differs. Each target first gets C × W
 * requests of each kind, unmeasured and not counted ({@code warmUpRequests}), so that the
 * generator's own JIT is as warm for Dugout, its first target, as for the floor.
 *
 * @param roomIds the seeded rooms
 * @param tokens one bearer token per client
 * @param lastSeq the newest seq of each room
 */
record HistoryLoad(
    List<String> roomIds,
    List<String> tokens,
    AtomicLongArray lastSeq,
    int pageSize,
    int requests,
    int enterRequests,
    int warmUpRequests,
    int buckets) {

  private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);

  /** The newest seq a valid answer carries. */
  interface Expected {

    long historyNewest(long before);

    long enterNewest(int room);
  }

  /** Dugout's answers: the page just before the cursor, and the room's newest message. */
  Expected fromDugout() {
    return new Expected() {
      @Override
      public long historyNewest(long before) {
        return before - 1;
      }

      @Override
      public long enterNewest(int room) {
        return lastSeq.get(room);
      }
    };
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
    int rooms = roomIds.size();
    Metrics metrics = target.metrics();
    LatencySeries history = metrics.series("history");
    LatencySeries enter = metrics.series("enter");
    long deepest = 0;
    for (int r = 0; r < rooms; r++) {
      deepest = Math.max(deepest, lastSeq.get(r));
    }
    Histogram[] byDepth = new Histogram[buckets];
    for (int b = 0; b < buckets; b++) {
      byDepth[b] = new ConcurrentHistogram(3);
    }
    long bucketWidth = Math.max(1, (deepest + buckets) / buckets);

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
          int room = random.nextInt(rooms);
          long last = lastSeq.get(room);
          if (last < 1) {
            return;
          }
          long before = 2 + random.nextLong(last);
          long depth = last + 1 - before;
          long micros =
              timed(
                  metrics,
                  connection,
                  tokens.get(client),
                  "GET",
                  historyPath(room, before),
                  expected.historyNewest(before));
          if (micros >= 0) {
            history.recordMicros(micros);
            byDepth[(int) Math.min(buckets - 1, depth / bucketWidth)].recordValue(
                Math.max(1, micros));
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
          int room = random.nextInt(rooms);
          long micros =
              timed(
                  metrics,
                  connection,
                  tokens.get(client),
                  "POST",
                  enterPath(room),
                  expected.enterNewest(room));
          if (micros >= 0) {
            enter.recordMicros(micros);
          }
        },
        metrics);
    double enterSeconds = (System.nanoTime() - enterStart) / 1e9;
    metrics.stopMeasuring();
    http.close();
    metrics.window("history", historySeconds);
    metrics.window("enter", enterSeconds);
    return List.of(
        depthTable(byDepth, bucketWidth, deepest),
        new RunResult.Table(
            "phases",
            List.of("phase", "requests", "seconds", "requests/s"),
            List.of(
                phaseRow("history", history, historySeconds),
                phaseRow("enter", enter, enterSeconds))));
  }

  /** A warm-up history page at a random cursor; its answer is not checked or counted. */
  private void page(int client, ThreadLocalRandom random, HttpConnection connection) {
    int room = random.nextInt(roomIds.size());
    long last = lastSeq.get(room);
    if (last >= 1) {
      unmeasured(
          connection, tokens.get(client), "GET", historyPath(room, 2 + random.nextLong(last)));
    }
  }

  /** A warm-up {@code enter}; its answer is not checked or counted. */
  private void entered(int client, ThreadLocalRandom random, HttpConnection connection) {
    unmeasured(connection, tokens.get(client), "POST", enterPath(random.nextInt(roomIds.size())));
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

  private static RunResult.Table depthTable(Histogram[] byDepth, long width, long deepest) {
    List<List<String>> rows = new ArrayList<>();
    for (int b = 0; b < byDepth.length; b++) {
      Histogram h = byDepth[b];
      long from = b * width;
      long to = b == byDepth.length - 1 ? deepest : Math.min(deepest, (b + 1) * width - 1);
      if (from > deepest) {
        break;
      }
      rows.add(
          List.of(
              from + "–" + to,
              String.valueOf(h.getTotalCount()),
              ms(h.getMean()),
              ms(h.getValueAtPercentile(50)),
              ms(h.getValueAtPercentile(95)),
              ms(h.getValueAtPercentile(99)),
              ms(h.getMaxValue())));
    }
    return new RunResult.Table(
        "history latency by cursor depth (messages newer than the cursor)",
        List.of("depth", "samples", "avg ms", "p50 ms", "p95 ms", "p99 ms", "max ms"),
        rows);
  }

  private static String ms(double micros) {
    return String.format(Locale.ROOT, "%.3f", micros / 1000);
  }

  /**
   * Sends one request and returns its latency in microseconds when the answer is valid, else -1
   * (counted as an error).
   */
  private static long timed(
      Metrics metrics,
      HttpConnection connection,
      String token,
      String method,
      String path,
      long newestSeq) {
    long started = System.nanoTime();
    DugoutApi.Response response;
    try {
      // why: neither history nor enter takes a body; the API documents none
      response = connection.request(method, path, token, null);
    } catch (RuntimeException ex) {
      metrics.error(ex.getMessage());
      return -1;
    }
    long micros = (System.nanoTime() - started) / 1000;
    return check(metrics, response, newestSeq) ? micros : -1;
  }

  /** A valid answer is 200 and its newest message has the seq we asked for. */
  private static boolean check(Metrics metrics, DugoutApi.Response response, long newestSeq) {
    if (response.status() != 200) {
      metrics.error("HTTP " + response.status());
      return false;
    }
    long seq = firstSeq(response.body());
    if (seq != newestSeq) {
      metrics.error("wrong page: newest seq " + seq + ", expected " + newestSeq);
      return false;
    }
    metrics.received.increment();
    return true;
  }

  /** The first {@code "seq":} value of a JSON body: the newest message of a page, or -1. */
  static long firstSeq(byte[] body) {
    outer:
    for (int i = 0; i + SEQ.length < body.length; i++) {
      for (int j = 0; j < SEQ.length; j++) {
        if (body[i + j] != SEQ[j]) {
          continue outer;
        }
      }
      long value = 0;
      int k = i + SEQ.length;
      while (k < body.length && body[k] >= '0' && body[k] <= '9') {
        value = value * 10 + (body[k++] - '0');
      }
      return value;
    }
    return -1;
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
