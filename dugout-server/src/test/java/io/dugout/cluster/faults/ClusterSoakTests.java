package io.dugout.cluster.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.api.DugoutClient;
import io.dugout.cluster.kafka.KafkaProcess;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.cluster.redis.RedisProcess;
import io.dugout.store.mongo.InJvmMongo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Three cluster nodes, a Kafka broker and a redis-server, all real processes, under a steady chat
 * load while faults happen one after another: a node killed with SIGKILL and started again, Redis
 * killed and started again on its port, the broker killed and started again on its port and data,
 * and the node that sequences the busiest room killed mid-batch and started again. Clients behave
 * as a real app: they reconnect to whichever node answers, resume with {@code since-seq} and resend
 * what was not receipted with the same clientMsgId.
 *
 * <p>After the faults: every send is receipted within a bound; every receipted message is in
 * history exactly once; every room's history is gap-free; every listener's wire of every room is
 * gap-free and in order, across its reconnects; no node's log floods. {@code
 * -Ddugout.soak.rounds=N} repeats the fault sequence N times under the same load (one round, about
 * three minutes, runs in the suite; docs/deploy.md, "The soak").
 *
 * <p>One scenario, kept in one class (over 300 lines for that reason) so that it reads from start
 * to check; what it uses has classes of its own: the app's client ({@link AppClient}), a node's log
 * ({@link NodeLog}) and a room's history ({@link RoomHistory}).
 */
class ClusterSoakTests {

  private static final Logger log = LoggerFactory.getLogger(ClusterSoakTests.class);

  private static final int NODES = 3;
  private static final int ROOMS = 4;
  private static final int SENDERS = 12;
  private static final int LISTENERS = 4;
  private static final Duration SEND_EVERY = Duration.ofMillis(500);

  /** How long after the last fault every send must be receipted. */
  private static final Duration SETTLE = Duration.ofSeconds(90);

  /**
   * The most log events (lines with a time; a start's configuration dump is many lines of one) any
   * node may log in one round: about 400 to 550 here, where the Kafka clients' retry loop logged
   * 120,000 before it backed off.
   */
  private static final int LOG_EVENTS_PER_ROUND = 1_000;

  private static final int ROUNDS = Integer.getInteger("dugout.soak.rounds", 1);

  /** Logs and data of the last run, kept for a look after a failure; wiped at the next. */
  private final Path dir = Path.of("target", "soak").toAbsolutePath();

  @Test
  void keepsEveryGuaranteeThroughNodeRedisAndBrokerFaults() throws Exception {
    org.springframework.util.FileSystemUtils.deleteRecursively(dir);
    try (var kafka = KafkaProcess.start(dir.resolve("kafka"), Map.of());
        var redis = RedisProcess.start(Files.createDirectories(dir.resolve("redis")));
        var soak = new Soak(kafka, redis)) {
      soak.run();
    }
  }

  private final class Soak implements AutoCloseable {

    private final KafkaProcess kafka;
    private final RedisProcess redis;
    private final List<ServerProcess> nodes = new ArrayList<>();
    private final Map<ServerProcess, String[]> arguments = new HashMap<>();
    private final List<AppClient> clients = new ArrayList<>();
    private final List<AppClient> senders = new ArrayList<>();
    private final List<AppClient> listeners = new ArrayList<>();
    private final AtomicInteger roundRobin = new AtomicInteger();
    private final List<String> rooms = new ArrayList<>();
    private volatile boolean sending = true;
    private Thread load;

    Soak(KafkaProcess kafka, RedisProcess redis) {
      this.kafka = kafka;
      this.redis = redis;
    }

    void run() throws Exception {
      startNodes();
      createRoomsAndClients();
      load = Thread.ofPlatform().name("soak-load").start(this::load);
      for (int round = 1; round <= ROUNDS; round++) {
        faults(round);
      }
      sending = false;
      load.join(Duration.ofSeconds(30));
      settle();
      check();
    }

    private void startNodes() throws IOException {
      var settings = new ArrayList<String>();
      String db = "soak_" + Long.toHexString(System.nanoTime());
      settings.addAll(
          List.of(
              "--dugout.mode=cluster",
              "--dugout.store.type=mongodb",
              "--dugout.cache.type=redis",
              "--spring.mongodb.uri=" + InJvmMongo.shared().uri() + "/" + db,
              "--management.health.mongodb.enabled=false",
              "--spring.kafka.bootstrap-servers=" + kafka.bootstrap(),
              "--dugout.cluster.kafka.single-broker=true",
              "--spring.data.redis.url=" + redis.url(),
              "--spring.data.redis.timeout=2s",
              "--dugout.cluster.kafka.partitions=" + TestCluster.PARTITIONS,
              "--dugout.cluster.notifications.partitions=" + TestCluster.PARTITIONS,
              "--dugout.cluster.gap-check-interval=500ms"));
      String secret = null;
      for (int i = 0; i < NODES; i++) {
        Path data = Files.createDirectories(dir.resolve("node-" + i));
        if (secret == null) {
          secret = java.util.HexFormat.of().formatHex(new byte[32]).replace('0', 'a');
        }
        Files.writeString(data.resolve("dev-jwt-secret"), secret);
        var args = new ArrayList<>(settings);
        args.add("--dugout.cluster.node-id=node-" + i);
        var node = ServerProcess.start(data, Map.of(), args.toArray(String[]::new));
        nodes.add(node);
        arguments.put(node, args.toArray(String[]::new));
      }
    }

    private void createRoomsAndClients() {
      var api = DugoutClient.onPort(nodes.getFirst().port());
      var users = new ArrayList<String>();
      for (int i = 0; i < SENDERS; i++) {
        users.add("s" + i);
      }
      for (int i = 0; i < LISTENERS; i++) {
        users.add("l" + i);
      }
      String owner = api.token(users.getFirst());
      for (int r = 0; r < ROOMS; r++) {
        var room =
            api.postJson(
                owner,
                "/api/v1/rooms",
                Map.of(
                    "type",
                    "GROUP",
                    "title",
                    "soak " + r,
                    "memberIds",
                    users.subList(1, users.size())));
        assertThat(room.status()).as(room.toString()).isEqualTo(201);
        rooms.add(room.text("id"));
      }
      for (String user : users) {
        boolean listener = user.startsWith("l");
        var client =
            new AppClient(
                user,
                api.token(user),
                listener ? rooms : List.of(),
                () -> nodes.get(roundRobin.getAndIncrement() % NODES).port());
        assertThat(client.ensureConnected(Duration.ofSeconds(30))).isTrue();
        clients.add(client);
        (listener ? listeners : senders).add(client);
      }
    }

    /** The busiest room: half the senders send there, the rest spread over the others. */
    private String roomOf(int sender) {
      return sender < SENDERS / 2 ? rooms.getFirst() : rooms.get(1 + sender % (ROOMS - 1));
    }

    private void load() {
      long next = System.nanoTime();
      while (sending) {
        for (int i = 0; i < senders.size(); i++) {
          var sender = senders.get(i);
          sender.ensureConnected(Duration.ofMillis(300));
          sender.sendNew(roomOf(i));
          sender.resendOverdue();
        }
        for (var listener : listeners) {
          listener.ensureConnected(Duration.ofMillis(300));
        }
        next += SEND_EVERY.toNanos();
        pause(Math.max(0, (next - System.nanoTime()) / 1_000_000));
      }
    }

    private void faults(int round) throws Exception {
      var a = nodes.get(round % NODES);
      say(round, "load for 10 s");
      pause(10_000);
      say(round, "kill -9 node on port " + a.port());
      a.kill();
      pause(10_000);
      a.restart(arguments.get(a));
      say(round, "node on port " + a.port() + " back");
      pause(8_000);
      say(round, "kill -9 redis-server");
      redis.kill();
      pause(6_000);
      redis.startAgain();
      say(round, "redis-server back");
      pause(8_000);
      say(round, "kill -9 the Kafka broker");
      kafka.kill();
      pause(10_000);
      kafka.startAgain();
      say(round, "broker back");
      pause(10_000);
      var owner = ownerOf(rooms.getFirst());
      say(round, "kill -9 the busiest room's owner, node on port " + owner.port());
      owner.kill();
      pause(10_000);
      owner.restart(arguments.get(owner));
      say(round, "node on port " + owner.port() + " back");
      pause(5_000);
    }

    /** Every send receipted within {@link #SETTLE} after the last fault, resending meanwhile. */
    private void settle() {
      long deadline = System.nanoTime() + SETTLE.toNanos();
      while (System.nanoTime() < deadline) {
        boolean done = true;
        for (var client : clients) {
          client.ensureConnected(Duration.ofMillis(300));
          client.resendOverdue();
          done &= client.allReceipted();
        }
        if (done && listenersCaughtUp()) {
          return;
        }
        pause(250);
      }
    }

    private boolean listenersCaughtUp() {
      var last = lastSeqs();
      return listeners.stream()
          .allMatch(
              l ->
                  rooms.stream()
                      .allMatch(
                          r -> {
                            var wire = l.wire(r);
                            return !wire.isEmpty() && wire.getLast() >= last.get(r);
                          }));
    }

    private Map<String, Long> lastSeqs() {
      var last = new HashMap<String, Long>();
      rooms.forEach(room -> last.put(room, history(room).lastSeq()));
      return last;
    }

    private void check() throws IOException, InterruptedException {
      var unreceipted = new ArrayList<String>();
      for (var sender : senders) {
        sender.sends().stream()
            .filter(s -> !s.receipted())
            .map(s -> s.clientMsgId + " " + s.errors + " on " + sender.port())
            .forEach(unreceipted::add);
      }
      if (!unreceipted.isEmpty()) {
        senders.stream()
            .filter(s -> !s.allReceipted())
            .forEach(s -> log.info("Soak: stuck {}", s.state()));
        dumpThreads();
      }
      assertThat(unreceipted)
          .as(
              "sends never receipted within %s after the last fault (nodes' threads: %s)",
              SETTLE, dir)
          .isEmpty();

      var history = history();
      for (String room : rooms) {
        var seqs = history.get(room).keySet();
        assertThat(seqs)
            .as("room %s's history is gap-free", room)
            .containsExactlyElementsOf(LongStream.rangeClosed(1, seqs.size()).boxed().toList());
        var ids = history.get(room).values();
        assertThat(new TreeSet<>(ids)).as("no message twice in %s", room).hasSameSizeAs(ids);
      }
      for (var sender : senders) {
        for (var send : sender.sends()) {
          assertThat(history.get(send.roomId).containsValue(send.clientMsgId))
              .as("receipted %s is in history", send.clientMsgId)
              .isTrue();
        }
      }
      for (var listener : listeners) {
        for (String room : rooms) {
          long last = history.get(room).size();
          assertThat(listener.wire(room))
              .as("%s's wire of room %s: every seq once, in order", listener.name(), room)
              .containsExactlyElementsOf(LongStream.rangeClosed(1, last).boxed().toList());
        }
      }
      checkLogs();
      long sends = senders.stream().mapToLong(s -> s.sends().size()).sum();
      long resent =
          senders.stream().flatMap(s -> s.sends().stream()).filter(s -> s.attempts > 1).count();
      long errors =
          senders.stream().flatMap(s -> s.sends().stream()).mapToLong(s -> s.errors.size()).sum();
      log.info(
          "Soak: {} sends ({} resent, {} errors answered), {} reconnects, rooms {}",
          sends,
          resent,
          errors,
          clients.stream().mapToInt(AppClient::reconnects).sum(),
          history.values().stream().map(Map::size).toList());
    }

    /** Each live node's threads beside its log, and which port is which node. */
    private void dumpThreads() throws IOException, InterruptedException {
      for (int i = 0; i < NODES; i++) {
        var node = nodes.get(i);
        log.info("Soak: node-{} is on port {}", i, node.port());
        if (node.isAlive()) {
          log.info("Soak: node-{}'s threads in {}", i, node.dumpThreads());
          var api = DugoutClient.onPort(node.port());
          var metrics = api.get(api.serviceToken("soak"), "/actuator/prometheus");
          Files.writeString(dir.resolve("node-" + i + "-metrics.txt"), metrics.body());
        }
      }
    }

    /** Each room's history, seq to clientMsgId. */
    private Map<String, Map<Long, String>> history() {
      var all = new LinkedHashMap<String, Map<Long, String>>();
      rooms.forEach(room -> all.put(room, history(room).clientMsgIds()));
      return all;
    }

    private RoomHistory history(String roomId) {
      var api = DugoutClient.onPort(nodes.getFirst().port());
      return new RoomHistory(api, api.token("l0"), roomId);
    }

    /** No node logs more than a bound per round, nor the same event (digits aside) 100 times. */
    private void checkLogs() throws IOException {
      for (int i = 0; i < NODES; i++) {
        var log = log(i);
        assertThat(log.events().size())
            .as("events %s logged in %d round(s)", log.file(), ROUNDS)
            .isLessThan(LOG_EVENTS_PER_ROUND * ROUNDS);
        assertThat(log.repeatedMoreThan(100L * ROUNDS))
            .as("lines %s repeats", log.file())
            .isEqualTo(Set.of());
      }
    }

    /** The node that sequences the room's partition, by its own log. */
    private ServerProcess ownerOf(String roomId) throws IOException {
      for (int i = 0; i < NODES; i++) {
        if (log(i).sequences(roomId)) {
          return nodes.get(i);
        }
      }
      throw new AssertionError("no node sequences room " + roomId);
    }

    private NodeLog log(int node) {
      return new NodeLog(dir.resolve("node-" + node + "-server.log"));
    }

    private void say(int round, String what) {
      log.info("Soak round {}/{}: {}", round, ROUNDS, what);
    }

    @Override
    public void close() {
      sending = false;
      clients.forEach(AppClient::close);
      nodes.forEach(ServerProcess::close);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
