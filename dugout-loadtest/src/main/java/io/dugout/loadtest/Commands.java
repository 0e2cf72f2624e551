package io.dugout.loadtest;

import io.dugout.loadtest.cli.Command;
import io.dugout.loadtest.cli.OptionSpec;
import io.dugout.loadtest.scenario.ChatScenario;
import io.dugout.loadtest.scenario.FanoutScenario;
import io.dugout.loadtest.scenario.HistoryScenario;
import io.dugout.loadtest.scenario.NotifyScenario;
import io.dugout.loadtest.scenario.Scenario;
import io.dugout.loadtest.scenario.SendScenario;
import io.dugout.loadtest.scenario.UploadScenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The subcommands, their defaults and the scenario each one runs.
 *
 * <p>Over 300 lines: it is one table, each subcommand's description and options next to each other,
 * read top to bottom as `--help` prints it; split by subcommand, the options the subcommands share
 * would be spread over several files.
 */
final class Commands {

  record Entry(Command command, Supplier<Scenario> scenario) {}

  private Commands() {}

  static Map<String, Entry> all() {
    Map<String, Entry> all = new LinkedHashMap<>();
    add(
        all,
        new Command(
            "send",
            "the seeds' JMeter flow: connect, subscribe, send, wait for the own message,"
                + " disconnect",
            """
            Per virtual user and loop: open WebSocket -> CONNECT -> SUBSCRIBE -> SEND -> wait for the own MESSAGE
            -> DISCONNECT. Users start evenly over the ramp-up. Measures SEND -> own MESSAGE (echo) and
            open -> CONNECTED (connect); a missing own MESSAGE after --timeout is lost.\
            """,
            with(
                List.of(
                    OptionSpec.value("users", "N", "1000", "virtual users"),
                    OptionSpec.value("rooms", "R", "100", "rooms (users spread evenly)"),
                    OptionSpec.value("loops", "L", "10", "loops per user"),
                    OptionSpec.value(
                        "duration",
                        "TIME",
                        "0s",
                        "also stop starting loops after this time, for sustained runs (0s = no"
                            + " limit)"),
                    OptionSpec.value("ramp-up", "TIME", "10s", "time over which users start"),
                    OptionSpec.value("message-bytes", "B", "32", "content size of each message"),
                    OptionSpec.value(
                        "generator-warm-up",
                        "L",
                        "0",
                        "loops per user run first against a minimal in-memory STOMP broker in this"
                            + " JVM, unmeasured, so that a fresh server meets a warm generator (the"
                            + " server sees none of them)"),
                    OptionSpec.flag(
                        "floor",
                        "then run the same users and loops against that broker, and report"
                            + " Dugout's rate as a ratio of the floor's (series echo-floor,"
                            + " connect-floor)")))),
        SendScenario::new);
    add(
        all,
        new Command(
            "chat",
            "persistent connections in many rooms sending at a fixed rate (or closed loop)",
            """
            N users spread over R rooms hold one connection each, subscribed to their room; every user sends
            its share of --rate messages per second (or, with --closed-loop, the next right after its own echo)
            for --duration. Measures echo latency, delivery latency at every receiver, sends/s, deliveries/s.
            --edit-share and --react-share turn shares of the sends into edits and reactions, entries of the
            room's log like messages, counted alike and reported by type. --away adds members who stay away
            with a registered FCM device: every message notifies them and, when the server pushes, pushes.\
            """,
            with(
                live(
                    List.of(
                        OptionSpec.value("users", "N", "1000", "users, one connection each"),
                        OptionSpec.value("rooms", "R", "100", "rooms (users spread evenly)"),
                        OptionSpec.flag(
                            "direct", "DIRECT rooms of two users (--rooms = --users / 2)"),
                        OptionSpec.value(
                            "away",
                            "A",
                            "0",
                            "members per room who never connect, each with an FCM device, so"
                                + " every message is a push to each (for the cost of push)"),
                        OptionSpec.value(
                            "rate",
                            "PER_SECOND",
                            "1000",
                            "total sends per second across all users (open loop)"))))),
        ChatScenario::new);
    add(
        all,
        new Command(
            "fanout",
            "one big room: many subscribers, a few senders",
            """
            All users join one room and subscribe to it; the first --senders of them send --rate messages per
            second in total (or closed loop). Measures deliveries/s and delivery latency at every subscriber.\
            """,
            with(
                live(
                    List.of(
                        OptionSpec.value("users", "N", "1000", "subscribers of the room"),
                        OptionSpec.value("senders", "S", "5", "how many of the subscribers send"),
                        OptionSpec.value(
                            "rate",
                            "PER_SECOND",
                            "100",
                            "total sends per second across the senders (open loop)"))))),
        FanoutScenario::new);
    add(
        all,
        new Command(
            "history",
            "history pages at random cursors and enter, after seeding N messages",
            """
            Seeds --rooms rooms with --messages messages through POST /api/v1/rooms/{id}/messages (not measured),
            then --clients concurrent clients each read --requests history pages at a random before cursor,
            then each calls POST /api/v1/rooms/{id}/enter --enter-requests times. Reports latency, requests/s
            and history latency by cursor depth. --warm-up-requests first sends that many of each, unmeasured,
            against every target (Dugout, then the floor), so that neither is measured with a cold generator.
            --reactions and --reply-share seed as many rooms again whose messages carry reactions and replies;
            each request then goes to a plain or such a rich room at random, and the two are compared.\
            """,
            with(
                List.of(
                    OptionSpec.value("messages", "N", "200000", "messages to seed"),
                    OptionSpec.value("rooms", "R", "1", "rooms to seed"),
                    OptionSpec.value(
                        "clients", "C", "100", "concurrent clients (each a room member)"),
                    OptionSpec.value("requests", "L", "150", "history requests per client"),
                    OptionSpec.value("enter-requests", "L", "150", "enter requests per client"),
                    OptionSpec.value(
                        "warm-up-requests",
                        "W",
                        "0",
                        "history and enter requests per client sent first against each target,"
                            + " unmeasured and not counted"),
                    OptionSpec.value("page-size", "P", "50", "messages per history page (limit)"),
                    OptionSpec.value(
                        "seed-clients", "K", "8", "concurrent HTTP clients used for seeding"),
                    OptionSpec.value(
                        "depth-buckets", "B", "10", "cursor-depth buckets in the report"),
                    OptionSpec.value(
                        "message-bytes", "B", "32", "content size of each seeded message"),
                    OptionSpec.value(
                        "reactions",
                        "N",
                        "0",
                        "also seed as many rooms again with as many messages, each followed by N"
                            + " reactions from N seeders (at most --seed-clients); pages of these"
                            + " rooms are measured beside the plain ones (series history-rich,"
                            + " enter-rich) and compared in a table"),
                    OptionSpec.value(
                        "reply-share",
                        "P",
                        "0",
                        "in those rooms, the fraction of messages that answer one of the room's"
                            + " last 100 messages (replyTo); either option seeds them"),
                    OptionSpec.value(
                        "plain-messages",
                        "N",
                        "0",
                        "messages to seed in each plain room when there are rich ones (0 = as"
                            + " many as --messages), e.g. (1 + reactions) × --messages to compare"
                            + " rooms whose logs are as long"),
                    OptionSpec.flag(
                        "floor",
                        "then run the same clients and request mix against a minimal HTTP server"
                            + " in this JVM answering with one captured history page and one"
                            + " captured enter answer, and report Dugout's requests/s as a ratio"
                            + " of that floor's (series history-floor, enter-floor)")))),
        HistoryScenario::new);
    add(
        all,
        new Command(
            "notify",
            "notifications: batches sent over HTTP, delivered live to connected users",
            """
            N users hold one connection each, subscribed to /user/queue/notifications; --senders HTTP clients
            post batches of --batch recipients to POST /api/v1/notifications with a service token, --rate
            batches per second in total (or, with --closed-loop, each right after its previous answer) for
            --duration. Measures notifications stored/s (each recipient counts), the HTTP latency of a batch
            and live delivery latency (just before the POST -> the recipient's MESSAGE); lost = stored
            notifications whose live delivery never arrived.\
            """,
            with(
                List.of(
                    OptionSpec.value("users", "N", "1000", "users, one connection each"),
                    OptionSpec.value(
                        "batch", "B", "100", "recipients per request (1 to 1000, at most N)"),
                    OptionSpec.value("senders", "S", "4", "concurrent HTTP clients sending"),
                    OptionSpec.value(
                        "rate",
                        "PER_SECOND",
                        "50",
                        "total batches per second across the senders (open loop)"),
                    OptionSpec.flag(
                        "closed-loop",
                        "each sender posts its next batch right after the previous answer,"
                            + " ignoring --rate"),
                    OptionSpec.value("duration", "TIME", "30s", "how long to send"),
                    OptionSpec.value(
                        "drain",
                        "TIME",
                        "10s",
                        "longest wait for outstanding deliveries after sending stops"),
                    OptionSpec.value(
                        "message-bytes", "B", "32", "size of each notification's body")))),
        NotifyScenario::new);
    add(
        all,
        new Command(
            "upload",
            "files: upload slots, bytes to the signed URL, messages naming them, downloads",
            """
            --clients clients in rooms of two each run up to --requests rounds, one after the other, for at most
            --duration: POST /api/v1/rooms/{id}/uploads (slot) -> PUT the bytes to the answered URL with the
            answered headers (put) -> SEND an IMAGE (or FILE) message naming the upload over STOMP, waiting
            until it comes back (send) -> the room's other member GETs the file (download; a redirect is followed
            without the token) and, on --thumbnail-share of the rounds, its thumbnail. On --plain-share of the
            rounds the client also sends a TEXT message the same way (plain-send), beside the upload's send.
            The file is made once at start: a JPEG (or PNG) of random pixels, or a zip of random bytes.
            Reports uploads/s, p50/p90/p99 of every step, and bytes per second up and down.\
            """,
            with(
                List.of(
                    OptionSpec.value("clients", "C", "4", "concurrent clients, two to a room"),
                    OptionSpec.value("requests", "L", "100", "rounds per client"),
                    OptionSpec.value(
                        "duration",
                        "TIME",
                        "60s",
                        "stop starting rounds after this time (0s = no limit)"),
                    OptionSpec.value(
                        "size", "BYTES", "200KB", "size of the file, e.g. 200KB, 2MB or 4096"),
                    OptionSpec.value(
                        "file-kind",
                        "KIND",
                        "image",
                        "image (a JPEG, sent as IMAGE), png (sent as IMAGE) or file (a zip, sent"
                            + " as FILE)"),
                    OptionSpec.value(
                        "thumbnail-share",
                        "P",
                        "1",
                        "fraction of the rounds whose downloader also gets the image's thumbnail"),
                    OptionSpec.value(
                        "plain-share",
                        "P",
                        "1",
                        "fraction of the rounds after which the client also sends a TEXT message"
                            + " over STOMP (series plain-send), to compare with the upload's send"),
                    OptionSpec.value(
                        "message-bytes", "B", "32", "content size of each plain TEXT message"),
                    OptionSpec.value(
                        "warm-up-requests",
                        "W",
                        "0",
                        "rounds per client run first, unmeasured and not counted")))),
        UploadScenario::new);
    return all;
  }

  private static void add(Map<String, Entry> all, Command command, Supplier<Scenario> scenario) {
    all.put(command.name(), new Entry(command, scenario));
  }

  private static List<OptionSpec> live(List<OptionSpec> specific) {
    List<OptionSpec> options = new ArrayList<>(specific);
    options.add(
        OptionSpec.flag(
            "closed-loop",
            "each sender sends its next message right after its own echo, ignoring --rate"));
    options.add(OptionSpec.value("duration", "TIME", "30s", "how long to send"));
    options.add(
        OptionSpec.value(
            "warm-up",
            "TIME",
            "0s",
            "send the same load this long before measuring (server and generator warm up; not"
                + " counted)"));
    options.add(
        OptionSpec.value(
            "generator-warm-up",
            "TIME",
            "0s",
            "first connect the same sessions to a minimal in-memory STOMP broker in this JVM and"
                + " send the same load there for TIME, unmeasured and unseen by the server, so that"
                + " the generator is as warm for Dugout as for the floor or peer after it"));
    options.add(
        OptionSpec.value(
            "ramp-up", "TIME", "10s", "time over which connections open (not measured)"));
    options.add(
        OptionSpec.value(
            "drain", "TIME", "10s", "longest wait for outstanding deliveries after sending stops"));
    options.add(OptionSpec.value("message-bytes", "B", "32", "content size of each message"));
    options.add(
        OptionSpec.value(
            "edit-share",
            "P",
            "0",
            "fraction of each sender's sends that, instead of a new message, edit one of its own"
                + " recent messages (to content of --message-bytes)"));
    options.add(
        OptionSpec.value(
            "react-share",
            "P",
            "0",
            "fraction of each sender's sends that, instead of a new message, add its reaction to"
                + " a recent message of the room or remove one it added; edits and reactions are"
                + " entries of the room's log, delivered and counted like messages and reported by"
                + " type"));
    options.add(
        OptionSpec.flag(
            "floor",
            "then run the same sessions, rooms and sends against a minimal in-memory STOMP broker"
                + " in this JVM, and report Dugout's sends/s and deliveries/s as a ratio of that"
                + " floor's (series echo-floor, delivery-floor)"));
    options.add(
        OptionSpec.value(
            "centrifugo",
            "WS_URL",
            "",
            "then run the same sessions, rooms and sends against the Centrifugo server at WS_URL"
                + " (e.g. ws://localhost:8000/connection/websocket; tokens from --hmac-secret,"
                + " channels rooms:<roomId>), and report Dugout's rates as a ratio of its"));
    return options;
  }

  /** Adds the options every subcommand has. */
  private static List<OptionSpec> with(List<OptionSpec> specific) {
    List<OptionSpec> options = new ArrayList<>();
    options.add(
        OptionSpec.value(
            "url",
            "URL",
            "http://localhost:8080",
            "base URL of the Dugout deployment (STOMP at ws://host:port/ws); several nodes'"
                + " URLs separated by commas spread the users over them, user i on node i mod n"
                + " (setup goes to the first)"));
    options.addAll(specific);
    options.add(
        OptionSpec.value(
            "hmac-secret",
            "SECRET",
            "",
            "mint HS256 tokens locally with the server's dugout.auth.jwt.hmac-secret instead of"
                + " POST /api/v1/dev/token"));
    options.add(
        OptionSpec.value(
            "key-file",
            "FILE",
            "",
            "mint HS256 tokens locally with the key an embedded server without a configured"
                + " secret keeps in its data directory (dev-jwt-secret); ./dugout loadtest passes"
                + " ./data/dev-jwt-secret when it exists"));
    options.add(
        OptionSpec.value(
            "timeout", "TIME", "10s", "bound on each connect, request and wait for a message"));
    options.add(
        OptionSpec.value(
            "max-error-rate",
            "PERCENT",
            "1",
            "fail (exit 1) when errors or lost deliveries exceed this percentage"));
    options.add(OptionSpec.value("io-threads", "N", "0", "STOMP I/O threads (0 = one per core)"));
    options.add(
        OptionSpec.value(
            "ws-port",
            "PORT",
            "0",
            "connect STOMP WebSockets to this port of each node, e.g. the Netty listener's"
                + " (0 = the node's own port)"));
    options.add(
        OptionSpec.value(
            "scrape",
            "URL",
            "",
            "sample this /actuator/prometheus during the run and report the server's own figures"
                + " (CPU, deliveries/s, delivery p99, GC, queue depth) beside the clients'"));
    options.add(
        OptionSpec.value(
            "scrape-token",
            "TOKEN",
            "",
            "bearer token for --scrape (default: a service token from the run's token source)"));
    options.add(OptionSpec.value("scrape-interval", "TIME", "1s", "time between two scrapes"));
    options.add(
        OptionSpec.value(
            "out",
            "DIR",
            "",
            "report directory (default loadtest-results/<scenario>-<timestamp>)"));
    return options;
  }
}
