package io.dugout.cluster.kafka;

import io.dugout.Applications;
import io.dugout.DugoutApplication;
import io.dugout.TempDirs;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import io.dugout.cluster.redis.RedisProcess;
import io.dugout.store.mongo.InJvmMongo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.common.utils.Utils;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * Dugout nodes in cluster mode, each a Spring context of its own in this JVM, on one real Kafka
 * broker (KRaft, in this JVM), one real redis-server process and the in-JVM MongoDB stand-in — the
 * broker and Redis shared by the whole test JVM, a topic, group and database per cluster.
 *
 * <p>Over 300 lines: starting nodes, the shared backends they point at and the few calls every
 * cluster test makes on a node ({@link Node}) belong together; each cluster test reads as its
 * scenario only because they are here.
 */
public final class TestCluster implements AutoCloseable {

  public static final int PARTITIONS = 4;

  private static EmbeddedKafkaKraftBroker broker;
  private static RedisProcess redis;

  private final String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private final List<Node> nodes = new ArrayList<>();
  private String kafka;
  private String redisUrl;
  private String mongo;
  private String mongoOptions = "";

  /** Try-it-out tokens of one node are good on all: every node's data dir has this secret. */
  private final String devSecret = (UUID.randomUUID() + "" + UUID.randomUUID()).replace("-", "");

  /** One node of the cluster: its context, and a REST client on its port. */
  public record Node(ConfigurableApplicationContext context, int port, DugoutClient client) {

    /** The partitions of the sends topic this node sequences now. */
    public Set<Integer> owned() {
      return context.getBean(ClusterNode.class).owned();
    }

    /** The partitions of the notifications topic this node stores now. */
    public Set<Integer> ownedNotifications() {
      return context.getBean(NotificationNode.class).owned();
    }

    /** Messages this node delivered from the store because their publish was lost. */
    public long filled() {
      return context.getBean(RoomFeeds.class).filled();
    }

    /** Creates a GROUP room through this node, {@code owner} first of {@code members}. */
    public String group(String owner, String... members) {
      var response =
          client.postJson(
              client.token(owner),
              "/api/v1/rooms",
              java.util.Map.of("type", "GROUP", "title", "t", "memberIds", List.of(members)));
      if (response.status() != 201) {
        throw new AssertionError("room not created: " + response);
      }
      return response.text("id");
    }

    /** Posts a new text message through this node's REST API; its status. */
    public int send(String room, String user) {
      return send(room, user, java.util.UUID.randomUUID().toString());
    }

    /** Posts a text message through this node's REST API; its status. */
    public int send(String room, String user, String clientMsgId) {
      return client
          .postJson(
              client.token(user),
              "/api/v1/rooms/" + room + "/messages",
              java.util.Map.of("clientMsgId", clientMsgId, "kind", "TEXT", "content", "hi"))
          .status();
    }

    /** Removes {@code member} from the room through this node, as {@code owner}. */
    public void remove(String owner, String room, String member) {
      var response =
          client.delete(client.token(owner), "/api/v1/rooms/" + room + "/members/" + member);
      if (response.status() >= 300) {
        throw new AssertionError("member not removed: " + response);
      }
    }

    public void stop() {
      context.close();
    }
  }

  /**
   * Nodes started from now on use this Kafka (e.g. a {@link KafkaProcess} that a test restarts)
   * instead of the test JVM's broker.
   */
  public TestCluster withKafka(String bootstrap) {
    this.kafka = bootstrap;
    return this;
  }

  /**
   * Nodes started from now on use this Redis (e.g. a {@link io.dugout.cluster.redis.RedisProcess}
   * of the test's own, that it stops while no other test's node is connected to it) instead of the
   * shared redis-server.
   */
  public TestCluster withRedis(String url) {
    this.redisUrl = url;
    return this;
  }

  /**
   * Nodes started from now on reach MongoDB at this URI (server only, e.g. through a {@code
   * TcpProxy}) instead of the test JVM's stand-in directly, with these connection string options
   * (e.g. {@code serverSelectionTimeoutMS=2000}); the cluster's database goes between them.
   */
  public TestCluster withMongo(String serverUri, String options) {
    this.mongo = serverUri;
    this.mongoOptions = options.isEmpty() ? "" : "?" + options;
    return this;
  }

  /** Starts a node with the given extra settings ({@code --name=value}). */
  public Node start(String... extraArgs) {
    return startWith(List.of(), extraArgs);
  }

  /**
   * Starts a node with these objects among its beans (e.g. a listener that records what the node
   * tells it) and the given extra settings.
   */
  public Node startWith(List<?> beans, String... extraArgs) {
    var args = new ArrayList<>(List.of(arguments()));
    args.addAll(List.of(extraArgs));
    var context =
        new SpringApplicationBuilder(DugoutApplication.class)
            .initializers(Applications.registering(beans))
            .run(args.toArray(String[]::new));
    int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    var node = new Node(context, port, DugoutClient.onPort(port));
    nodes.add(node);
    return node;
  }

  /** Waits until the running nodes share every partition between them, each owning some. */
  public void awaitBalanced() {
    Waits.until(
        () -> {
          var all = new HashSet<Integer>();
          for (var node : nodes) {
            if (!node.context().isActive()) {
              continue;
            }
            var owned = node.owned();
            if (owned.isEmpty()) {
              return false;
            }
            all.addAll(owned);
          }
          return all.size() == PARTITIONS;
        },
        Duration.ofSeconds(60),
        "every partition owned, by every node some");
  }

  /** Waits until the running nodes share the notifications topic's partitions, each some. */
  public void awaitNotificationsBalanced() {
    Waits.until(
        () -> {
          var all = new HashSet<Integer>();
          for (var node : nodes) {
            if (node.context().isActive()) {
              var owned = node.ownedNotifications();
              if (owned.isEmpty()) {
                return false;
              }
              all.addAll(owned);
            }
          }
          return all.size() == PARTITIONS;
        },
        Duration.ofSeconds(60),
        "every notifications partition owned, by every node some");
  }

  /**
   * The partition Kafka's default partitioner puts the room's sends (or a user's notifications) in.
   */
  public static int partitionOf(String roomId) {
    return Utils.toPositive(Utils.murmur2(roomId.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
  }

  /** The consumer group whose members sequence this cluster's rooms. */
  public String group() {
    return "dugout-" + id;
  }

  /** The consumer group whose members store this cluster's notifications. */
  public String notificationGroup() {
    return "dugout-notifiers-" + id;
  }

  /** The bootstrap address of the test JVM's Kafka broker. */
  public static String kafkaBootstrap() {
    return broker().getBrokersAsString();
  }

  /** The shared redis-server, to stop and start again. */
  public static RedisProcess redisServer() {
    return redisProcess();
  }

  /** A Redis connection to the shared server, for faults the tests cause on purpose. */
  public static StringRedisTemplate redis() {
    return RedisProcess.template(redisProcess().connect(Duration.ofSeconds(2)));
  }

  /**
   * The settings of a node started as a process of its own ({@code io.dugout.ServerProcess}), as
   * the {@code SPRING_APPLICATION_JSON} environment variable: below the command line, so that the
   * suite's MongoDB run may still choose the database (give every node the same data dir).
   */
  public Map<String, String> processEnvironment() {
    var settings = new java.util.LinkedHashMap<String, String>();
    for (String argument : arguments()) {
      String setting = argument.substring(2);
      int eq = setting.indexOf('=');
      String key = setting.substring(0, eq);
      if (!key.equals("server.port") && !key.equals("dugout.data-dir")) {
        settings.put(key, setting.substring(eq + 1));
      }
    }
    return Map.of(
        "SPRING_APPLICATION_JSON",
        tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(settings));
  }

  /** Writes the cluster's token secret into a data dir that nodes started as processes share. */
  public Path sharedDataDir(Path dir) {
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("dev-jwt-secret"), devSecret);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  @Override
  public void close() {
    nodes.forEach(n -> n.context().close());
  }

  private String[] arguments() {
    return new String[] {
      "--server.port=0",
      "--dugout.data-dir=" + dataDir(),
      "--dugout.mode=cluster",
      "--dugout.store.type=mongodb",
      "--spring.mongodb.uri="
          + (mongo != null ? mongo : InJvmMongo.shared().uri())
          + "/dugout_"
          + id
          + mongoOptions,
      "--management.health.mongodb.enabled=false",
      "--spring.kafka.bootstrap-servers=" + (kafka != null ? kafka : broker().getBrokersAsString()),
      "--spring.data.redis.url=" + (redisUrl != null ? redisUrl : redisProcess().url()),
      // why: two nodes, a broker and the tests share two cores; 250 ms can pass before a reply
      "--spring.data.redis.timeout=2s",
      "--dugout.cluster.kafka.topic=dugout.sends." + id,
      "--dugout.cluster.kafka.group=" + group(),
      "--dugout.cluster.kafka.partitions=" + PARTITIONS,
      "--dugout.cluster.gap-check-interval=300ms",
      "--dugout.cluster.notifications.topic=dugout.notifications." + id,
      "--dugout.cluster.notifications.group=" + notificationGroup(),
      "--dugout.cluster.notifications.partitions=" + PARTITIONS
    };
  }

  private Path dataDir() {
    var dir = tempDir();
    try {
      Files.writeString(dir.resolve("dev-jwt-secret"), devSecret);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  private static synchronized EmbeddedKafkaKraftBroker broker() {
    if (broker == null) {
      broker = new EmbeddedKafkaKraftBroker(1, PARTITIONS);
      // why: a group rebalances at once when a node joins, instead of after the default 3 s
      broker.brokerProperty("group.initial.rebalance.delay.ms", "0");
      broker.afterPropertiesSet();
      Runtime.getRuntime().addShutdownHook(new Thread(broker::destroy, "stop-kafka"));
    }
    return broker;
  }

  private static synchronized RedisProcess redisProcess() {
    if (redis == null) {
      redis = RedisProcess.start(tempDir());
    }
    return redis;
  }

  private static Path tempDir() {
    return TempDirs.deletedAtExit("dugout-cluster");
  }
}
