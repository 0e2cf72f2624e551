package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HttpConnection;
import io.dugout.loadtest.api.HttpConnections;
import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import io.dugout.loadtest.floor.FloorHttpServer;
import io.dugout.loadtest.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * {@code history}: seeds rooms with N messages through the public API (not measured), then C
 * clients × L history pages at random {@code before} cursors, then C × L {@code enter} calls, each
 * phase after C × W unmeasured requests of its kind ({@code --warm-up-requests}). Reports latency,
 * requests/s and latency by cursor depth. With {@code --reactions} or {@code --reply-share}, seeds
 * as many rooms again whose messages carry reactions and replies ({@link RichSeeder}) and reports
 * their pages beside the plain ones. With {@code --floor}, then runs the identical request mix
 * against a {@link FloorHttpServer} that answers with the bytes of one real history page and one
 * real {@code enter} answer (of each kind of room).
 */
public final class HistoryScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int clients = Math.max(1, options.integer("clients"));
    int rooms = Math.max(1, options.integer("rooms"));
    int pageSize = options.integer("page-size");
    int reactions = options.integer("reactions");
    double replyShare = options.decimal("reply-share");
    int seedClients = Math.max(1, options.integer("seed-clients"));
    if (reactions < 0 || reactions > seedClients || replyShare < 0 || replyShare > 1) {
      throw new UsageException(
          "--reactions is from 0 to --seed-clients (one reaction per seeder), --reply-share from 0"
              + " to 1");
    }
    boolean rich = reactions > 0 || replyShare > 0;

    List<String> readers = Population.userIds("lt-reader-", clients);
    List<String> seeders = Population.userIds("lt-seeder-", seedClients);
    List<String> members = new ArrayList<>(seeders);
    members.addAll(readers);
    List<List<String>> membersPerRoom = new ArrayList<>();
    for (int r = 0; r < (rich ? 2 * rooms : rooms); r++) {
      membersPerRoom.add(members);
    }
    String serviceToken = context.tokens().serviceToken();
    List<String> roomIds = Population.rooms(context, serviceToken, membersPerRoom);
    List<String> tokens = Population.tokens(context, readers);

    context.phase("seed");
    long messages = options.longValue("messages");
    long plainMessages =
        rich && options.longValue("plain-messages") > 0
            ? options.longValue("plain-messages")
            : messages;
    AtomicLongArray plain =
        new Seeder(context, serviceToken, roomIds.subList(0, rooms), seeders).seed(plainMessages);
    AtomicLongArray lastSeq = new AtomicLongArray(roomIds.size());
    AtomicLongArray lastMessage = new AtomicLongArray(roomIds.size());
    for (int r = 0; r < rooms; r++) {
      lastSeq.set(r, plain.get(r));
      lastMessage.set(r, plain.get(r));
    }
    if (rich) {
      RichSeeder.Seeded seeded =
          new RichSeeder(
                  context,
                  serviceToken,
                  roomIds.subList(rooms, 2 * rooms),
                  seeders,
                  Population.tokens(context, seeders),
                  reactions,
                  replyShare)
              .seed(messages);
      for (int r = 0; r < rooms; r++) {
        lastSeq.set(rooms + r, seeded.lastSeq().get(r));
        lastMessage.set(rooms + r, seeded.lastMessage().get(r));
      }
    }
    long deepest = 0;
    for (int r = 0; r < rooms; r++) {
      deepest = Math.max(deepest, lastSeq.get(r));
    }
    HistoryLoad load =
        new HistoryLoad(
            roomIds,
            tokens,
            lastSeq,
            lastMessage,
            rooms,
            pageSize,
            options.integer("requests"),
            options.integer("enter-requests"),
            Math.max(0, options.integer("warm-up-requests")),
            Math.max(1, options.integer("depth-buckets")));
    List<RunResult.Table> tables = load.run(context, load.fromDugout());
    List<String> notes = new ArrayList<>();
    notes.add(
        rooms
            + " rooms seeded with "
            + messages
            + (plainMessages != messages
                ? " messages (" + plainMessages + " in plain rooms)"
                : " messages")
            + " (deepest seq "
            + deepest
            + "), pages of "
            + pageSize
            + " at a uniformly random before cursor; a page counts only when its newest"
            + " seq is before−1");
    if (rich) {
      notes.add(
          String.format(
              Locale.ROOT,
              "as many rooms again with as many messages, each followed by %d reactions (one"
                  + " entry each, so a page spanning 50 entries shows about %d messages, and"
                  + " leaves out the reactions to them) and %.0f %%"
                  + " answering one of the room's last %d messages (series history-rich,"
                  + " enter-rich); each request goes to a plain or a rich room at random",
              reactions,
              Math.max(1, pageSize / (1 + reactions)),
              100 * replyShare,
              RichSeeder.REPLY_WINDOW));
    }
    Outcome outcome = new Outcome(tables, notes);
    return options.flag("floor") ? againstFloor(context, load, outcome) : outcome;
  }

  /**
   * Captures one history page and one {@code enter} answer from Dugout (of a plain room, and of a
   * rich one when there are any), then runs the same load against a floor server that gives every
   * request of each kind, to each kind of room, those bytes.
   *
   * <p>why: the floor server runs in this JVM, so it shares the generator's CPU, as a separate
   * process on the same 2-core box would; Dugout shares it with the generator too. Both therefore
   * face the same competition for the cores, and the ratio compares like with like.
   */
  private static Outcome againstFloor(RunContext context, HistoryLoad load, Outcome outcome) {
    context.phase("capture");
    int rooms = load.roomIds().size();
    Captured plain;
    Captured rich;
    try (HttpConnections http = context.http();
        HttpConnection connection = http.open()) {
      plain = Captured.from(connection, load, 0);
      rich = load.plainRooms() < rooms ? Captured.from(connection, load, load.plainRooms()) : plain;
    }
    List<FloorHttpServer.Route> routes = new ArrayList<>();
    for (int r = load.plainRooms(); r < rooms; r++) {
      routes.add(new FloorHttpServer.Route("GET", load.roomIds().get(r) + "/messages", rich.page));
      routes.add(new FloorHttpServer.Route("POST", load.roomIds().get(r) + "/enter", rich.enter));
    }
    routes.add(new FloorHttpServer.Route("GET", "/messages", plain.page));
    routes.add(new FloorHttpServer.Route("POST", "/enter", plain.enter));
    HistoryLoad.Expected captured =
        new HistoryLoad.Expected() {
          @Override
          public long historyNewest(int room, long before) {
            return CheckedRequest.firstSeq((load.rich(room) ? rich : plain).page.body());
          }

          @Override
          public long enterNewest(int room) {
            return CheckedRequest.firstSeq((load.rich(room) ? rich : plain).enter.body());
          }
        };
    try (FloorHttpServer floor = new FloorHttpServer(context.ioThreads(), routes);
        RunContext floorContext = context.floor(floor.base())) {
      load.run(floorContext, captured);
      return outcome.withFloor(
          floorContext.metrics(),
          "floor: the same clients and request mix against a minimal HTTP server in this JVM"
              + " answering every history request with one captured page ("
              + plain.page.body().length
              + " bytes"
              + (rich != plain ? "; " + rich.page.body().length + " in rich rooms" : "")
              + ") and every enter with one captured answer ("
              + plain.enter.body().length
              + " bytes"
              + (rich != plain ? "; " + rich.enter.body().length + " in rich rooms" : "")
              + "); ratio = Dugout's requests/s ÷ the floor's");
    }
  }

  /** A history page (from the middle of the room) and an {@code enter} answer of one room. */
  private record Captured(FloorHttpServer.Answer page, FloorHttpServer.Answer enter) {

    static Captured from(HttpConnection connection, HistoryLoad load, int room) {
      long before = 2 + load.lastSeq().get(room) / 2;
      String token = load.tokens().get(0);
      return new Captured(
          capture(connection, token, "GET", load.historyPath(room, before)),
          capture(connection, token, "POST", load.enterPath(room)));
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
