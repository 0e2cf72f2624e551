package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HttpConnection;
import io.dugout.loadtest.api.HttpConnections;
import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.floor.FloorHttpServer;
import io.dugout.loadtest.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * {@code history}: seeds rooms with N messages through the public API (not measured), then C
 * clients × L history pages at random {@code before} cursors, then C × L {@code enter} calls, each
 * phase after C × W unmeasured requests of its kind ({@code --warm-up-requests}). Reports latency,
 * requests/s and latency by cursor depth. With {@code --floor}, then runs the identical request mix
 * against a {@link FloorHttpServer} that answers with the bytes of one real history page and one
 * real {@code enter} answer.
 */
public final class HistoryScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int clients = Math.max(1, options.integer("clients"));
    int rooms = Math.max(1, options.integer("rooms"));
    int pageSize = options.integer("page-size");

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
    HistoryLoad load =
        new HistoryLoad(
            roomIds,
            tokens,
            lastSeq,
            pageSize,
            options.integer("requests"),
            options.integer("enter-requests"),
            Math.max(0, options.integer("warm-up-requests")),
            Math.max(1, options.integer("depth-buckets")));
    List<RunResult.Table> tables = load.run(context, load.fromDugout());
    Outcome outcome =
        new Outcome(
            tables,
            List.of(
                rooms
                    + " rooms seeded with "
                    + options.longValue("messages")
                    + " messages (deepest seq "
                    + deepest
                    + "), pages of "
                    + pageSize
                    + " at a uniformly random before cursor; a page counts only when its newest"
                    + " seq is before−1"));
    return options.flag("floor") ? againstFloor(context, load, outcome) : outcome;
  }

  /**
   * Captures one history page and one {@code enter} answer from Dugout, then runs the same load
   * against a floor server that gives every request of each kind those bytes.
   *
   * <p>why: the floor server runs in this JVM, so it shares the generator's CPU, as a separate
   * process on the same 2-core box would; Dugout shares it with the generator too. Both therefore
   * face the same competition for the cores, and the ratio compares like with like.
   */
  private static Outcome againstFloor(RunContext context, HistoryLoad load, Outcome outcome) {
    context.phase("capture");
    FloorHttpServer.Answer page;
    FloorHttpServer.Answer enter;
    try (HttpConnections http = context.http();
        HttpConnection connection = http.open()) {
      long before = 2 + load.lastSeq().get(0) / 2;
      page = capture(connection, load.tokens().get(0), "GET", load.historyPath(0, before));
      enter = capture(connection, load.tokens().get(0), "POST", load.enterPath(0));
    }
    long pageNewest = HistoryLoad.firstSeq(page.body());
    long enterNewest = HistoryLoad.firstSeq(enter.body());
    HistoryLoad.Expected captured =
        new HistoryLoad.Expected() {
          @Override
          public long historyNewest(long before) {
            return pageNewest;
          }

          @Override
          public long enterNewest(int room) {
            return enterNewest;
          }
        };
    try (FloorHttpServer floor =
            new FloorHttpServer(
                context.ioThreads(),
                List.of(
                    new FloorHttpServer.Route("GET", "/messages", page),
                    new FloorHttpServer.Route("POST", "/enter", enter)));
        RunContext floorContext = context.floor(floor.base())) {
      load.run(floorContext, captured);
      return outcome.withFloor(
          floorContext.metrics(),
          "floor: the same clients and request mix against a minimal HTTP server in this JVM"
              + " answering every history request with one captured page ("
              + page.body().length
              + " bytes) and every enter with one captured answer ("
              + enter.body().length
              + " bytes); ratio = Dugout's requests/s ÷ the floor's");
    }
  }

  private static FloorHttpServer.Answer capture(
      HttpConnection connection, String token, String method, String path) {
    DugoutApi.Response response = connection.request(method, path, token, null);
    if (response.status() != 200) {
      throw new TargetException(
          "capturing " + method + " " + path + " for the floor failed: HTTP " + response.status());
    }
    return new FloorHttpServer.Answer(response.status(), response.contentType(), response.body());
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
