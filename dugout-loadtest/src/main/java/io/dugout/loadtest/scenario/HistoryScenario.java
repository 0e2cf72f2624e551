package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HttpConnection;
import io.dugout.loadtest.api.HttpConnections;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * {@code history}: seeds rooms with N messages through the public API (not measured), then C
 * clients × L history pages at random {@code before} cursors, then C × L {@code enter} calls.
 * Reports latency, requests/s and latency by cursor depth.
 */
public final class HistoryScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int clients = Math.max(1, options.integer("clients"));
    int rooms = Math.max(1, options.integer("rooms"));
    int pageSize = options.integer("page-size");
    int buckets = Math.max(1, options.integer("depth-buckets"));
    Metrics metrics = context.metrics();
    LatencySeries history = metrics.series("history");
    LatencySeries enter = metrics.series("enter");

    List<String> readers = Population.userIds("lt-reader-", clients);
    List<String> seeders =
        Population.userIds("lt-seeder-", Math.max(1, options.integer("seed-clients")));
    List<String> members = new ArrayList<>(seeders);
    members.addAll(readers);
    List<List<String>> membersPerRoom = new ArrayList<>();
    for (int r = 0; r < rooms; r++) {
      membersPerRoom.add(members);
    }
    String serviceToken = context.tokens().serviceToken();
    List<String> roomIds = Population.rooms(context, serviceToken, membersPerRoom);
    List<String> tokens = Population.tokens(context, readers);

    context.phase("seed");
    AtomicLongArray lastSeq =
        new Seeder(context, serviceToken, roomIds, seeders).seed(options.longValue("messages"));
    long deepest = 0;
    for (int r = 0; r < rooms; r++) {
      deepest = Math.max(deepest, lastSeq.get(r));
    }
    Histogram[] byDepth = new Histogram[buckets];
    for (int b = 0; b < buckets; b++) {
      byDepth[b] = new ConcurrentHistogram(3);
    }
    long bucketWidth = Math.max(1, (deepest + buckets) / buckets);

    HttpConnections http = context.http();
    context.phase("history");
    metrics.startMeasuring();
    long historyStart = System.nanoTime();
    runClients(
        http,
        clients,
        options.integer("requests"),
        (client, random, connection) -> {
          int room = random.nextInt(rooms);
          long last = lastSeq.get(room);
          if (last < 1) {
            return;
          }
          long before = 2 + random.nextLong(last);
          long depth = last + 1 - before;
          long started = System.nanoTime();
          DugoutApi.Response response =
              request(
                  context,
                  connection,
                  tokens.get(client),
                  "GET",
                  "/api/v1/rooms/"
                      + roomIds.get(room)
                      + "/messages?before="
                      + before
                      + "&limit="
                      + pageSize);
          long micros = (System.nanoTime() - started) / 1000;
          if (response != null && check(metrics, response, before - 1)) {
            history.recordMicros(micros);
            byDepth[(int) Math.min(buckets - 1, depth / bucketWidth)].recordValue(
                Math.max(1, micros));
          }
        },
        metrics);
    double historySeconds = (System.nanoTime() - historyStart) / 1e9;

    context.phase("enter");
    long enterStart = System.nanoTime();
    runClients(
        http,
        clients,
        options.integer("enter-requests"),
        (client, random, connection) -> {
          int room = random.nextInt(rooms);
          long started = System.nanoTime();
          DugoutApi.Response response =
              request(
                  context,
                  connection,
                  tokens.get(client),
                  "POST",
                  "/api/v1/rooms/" + roomIds.get(room) + "/enter");
          long micros = (System.nanoTime() - started) / 1000;
          if (response != null && check(metrics, response, lastSeq.get(room))) {
            enter.recordMicros(micros);
          }
        },
        metrics);
    double enterSeconds = (System.nanoTime() - enterStart) / 1e9;
    metrics.stopMeasuring();
    http.close();
    metrics.window("history", historySeconds);
    metrics.window("enter", enterSeconds);

    List<RunResult.Table> tables =
        List.of(
            depthTable(byDepth, bucketWidth, deepest),
            new RunResult.Table(
                "phases",
                List.of("phase", "requests", "seconds", "requests/s"),
                List.of(
                    phaseRow("history", history, historySeconds),
                    phaseRow("enter", enter, enterSeconds))));
    return new Outcome(
        tables,
        List.of(
            rooms
                + " rooms seeded with "
                + options.longValue("messages")
                + " messages (deepest seq "
                + deepest
                + "), pages of "
                + pageSize
                + " at a uniformly random before cursor; a page counts only when its newest seq is"
                + " before−1"));
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

  private static DugoutApi.Response request(
      RunContext context, HttpConnection connection, String token, String method, String path) {
    try {
      return connection.request(method, path, token, "GET".equals(method) ? null : "{}");
    } catch (RuntimeException ex) {
      context.metrics().error(ex.getMessage());
      return null;
    }
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

  private static long firstSeq(byte[] body) {
    byte[] key = "\"seq\":".getBytes();
    outer:
    for (int i = 0; i + key.length < body.length; i++) {
      for (int j = 0; j < key.length; j++) {
        if (body[i + j] != key[j]) {
          continue outer;
        }
      }
      long value = 0;
      int k = i + key.length;
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

  /** Each client is a virtual thread with its own keep-alive connection, one request at a time. */
  private static void runClients(
      HttpConnections http, int clients, int requests, ClientStep step, Metrics metrics) {
    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int c = 0; c < clients; c++) {
        int client = c;
        executor.submit(
            () -> {
              try (HttpConnection connection = http.open(client)) {
                for (int i = 0; i < requests; i++) {
                  metrics.attempts.increment();
                  metrics.sent.increment();
                  metrics.expected.increment();
                  step.run(client, ThreadLocalRandom.current(), connection);
                }
              }
            });
      }
    }
  }

  /** Seeds messages with a few concurrent HTTP clients, round-robin over the rooms. */
  private record Seeder(
      RunContext context, String serviceToken, List<String> roomIds, List<String> seeders) {

    AtomicLongArray seed(long messages) {
      AtomicLongArray lastSeq = new AtomicLongArray(roomIds.size());
      AtomicLong next = new AtomicLong();
      String content = Messages.content(context.options().integer("message-bytes"));
      Population.parallel(
          seeders.size(),
          s -> {
            for (long n = next.getAndIncrement(); n < messages; n = next.getAndIncrement()) {
              int room = (int) (n % roomIds.size());
              long seq =
                  context
                      .api()
                      .postMessage(
                          serviceToken, roomIds.get(room), seeders.get(s), "seed-" + n, content);
              lastSeq.accumulateAndGet(room, seq, Math::max);
              context.metrics().sent.increment();
            }
            return s;
          });
      return lastSeq;
    }
  }
}
