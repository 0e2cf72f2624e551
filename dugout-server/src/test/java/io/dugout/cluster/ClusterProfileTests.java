package io.dugout.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.DugoutApplication;
import io.dugout.Waits;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.cluster.redis.RedisProcess;
import io.dugout.message.HistoryCache;
import io.dugout.message.MessageStore;
import io.dugout.message.Sequencer;
import io.dugout.store.mongo.InJvmMongo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A cluster node is one switch, the {@code cluster} profile: MongoDB for the store, Redis for the
 * history cache and fan-out, Kafka for sequencing; store, cache and fan-out each a line in {@code
 * /actuator/health}. A node that cannot reach MongoDB or Kafka at startup says which in one line
 * and stops; one that cannot reach Redis starts, its Redis parts DEGRADED (still ready).
 */
@ExtendWith(OutputCaptureExtension.class)
class ClusterProfileTests {

  @TempDir Path dataDir;

  @Test
  void putsEveryPortOnItsBackendAndShowsEachInHealth() throws Exception {
    try (var context =
        start(
            "--spring.mongodb.uri=" + InJvmMongo.shared().uri() + "/" + database(),
            "--spring.data.redis.url=" + RedisProcess.shared().url(),
            "--spring.kafka.bootstrap-servers=" + TestCluster.kafkaBootstrap())) {
      assertThat(context.getBean(MessageStore.class).getClass().getSimpleName())
          .isEqualTo("MongoMessageStore");
      assertThat(context.getBean(HistoryCache.class).getClass().getSimpleName())
          .isEqualTo("RedisHistoryCache");
      assertThat(context.getBean(Sequencer.class).getClass().getSimpleName())
          .isEqualTo("KafkaSequencer");

      JsonNode health = health(context);
      assertThat(health.path("status").asString()).isEqualTo("UP");
      assertThat(health.path("components").path("store").path("status").asString()).isEqualTo("UP");
      assertThat(health.path("components").path("historyCache").path("status").asString())
          .isEqualTo("UP");
      assertThat(health.path("components").path("fanout").path("status").asString())
          .isEqualTo("UP");
      assertThat(health.path("components").path("kafka").path("status").asString()).isEqualTo("UP");
      assertThat(health.path("components").has("mongo")).isFalse();
      assertThat(health.path("components").has("redis")).isFalse();
    }
  }

  @Test
  void namesMongoDbInOneLineWhenItIsUnreachable(CapturedOutput output) {
    int port = closedPort();
    assertThatThrownBy(
            () ->
                start(
                        "--spring.mongodb.uri=mongodb://127.0.0.1:"
                            + port
                            + "/dugout?serverSelectionTimeoutMS=500",
                        "--spring.data.redis.url=" + RedisProcess.shared().url(),
                        "--spring.kafka.bootstrap-servers=" + TestCluster.kafkaBootstrap())
                    .close())
        .isNotNull();
    assertThat(output.getOut() + output.getErr())
        .contains("Dugout cannot start: MongoDB at 127.0.0.1:" + port + " is unreachable");
  }

  @Test
  void startsWithoutRedisAndReportsItsPartsDegradedButReady(CapturedOutput output)
      throws Exception {
    int port = closedPort();
    try (var context =
        start(
            "--spring.mongodb.uri=" + InJvmMongo.shared().uri() + "/" + database(),
            "--spring.data.redis.url=redis://127.0.0.1:" + port,
            "--spring.kafka.bootstrap-servers=" + TestCluster.kafkaBootstrap())) {
      JsonNode health = health(context, "/actuator/health");
      assertThat(health.path("status").asString()).isEqualTo("DEGRADED");
      assertThat(health.path("components").path("historyCache").path("status").asString())
          .isEqualTo("DEGRADED");
      assertThat(health.path("components").path("fanout").path("status").asString())
          .isEqualTo("DEGRADED");
      assertThat(health.path("components").path("store").path("status").asString()).isEqualTo("UP");
      JsonNode readiness = health(context, "/actuator/health/readiness");
      assertThat(readiness.path("status").asString()).isEqualTo("DEGRADED");
      Waits.until(
          () -> output.getAll().contains("Redis at 127.0.0.1:" + port + " is unreachable"),
          Duration.ofSeconds(30),
          "the line that says Redis is away");
    }
    assertThat(output.getAll()).doesNotContain("Dugout cannot start");
  }

  @Test
  void namesKafkaInOneLineWhenItIsUnreachable(CapturedOutput output) {
    int port = closedPort();
    assertThatThrownBy(
            () ->
                start(
                        "--spring.mongodb.uri=" + InJvmMongo.shared().uri() + "/" + database(),
                        "--spring.data.redis.url=" + RedisProcess.shared().url(),
                        "--spring.kafka.bootstrap-servers=127.0.0.1:" + port)
                    .close())
        .isNotNull();
    assertThat(output.getOut() + output.getErr())
        .contains("Dugout cannot start: Kafka at 127.0.0.1:" + port + " is unreachable");
  }

  private ConfigurableApplicationContext start(String... args) {
    var all = new String[args.length + 3];
    all[0] = "--server.port=0";
    all[1] = "--dugout.data-dir=" + dataDir;
    all[2] = "--spring.profiles.active=cluster";
    System.arraycopy(args, 0, all, 3, args.length);
    return SpringApplication.run(DugoutApplication.class, all);
  }

  private static JsonNode health(ConfigurableApplicationContext context) throws Exception {
    return health(context, "/actuator/health");
  }

  /** The health document at {@code path}, which answers 200 (up, or degraded but ready). */
  private static JsonNode health(ConfigurableApplicationContext context, String path)
      throws Exception {
    String port = context.getEnvironment().getProperty("local.server.port");
    try (var http = HttpClient.newHttpClient()) {
      var response =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(200);
      return JsonMapper.builder().build().readTree(response.body());
    }
  }

  private static String database() {
    return "dugout_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /** A loopback port nothing listens on. */
  private static int closedPort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
