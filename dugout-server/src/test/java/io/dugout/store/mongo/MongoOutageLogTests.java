package io.dugout.store.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Applications;
import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import io.dugout.cluster.TcpProxy;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A node on MongoDB whose store becomes unreachable (the loopback proxy in front of it cut, so
 * connects are refused) and reachable again: the store's health turns DOWN at once, the outage is
 * one WARN line when it begins and one INFO line when it ends however many requests fail meanwhile,
 * and it is counted in {@code dugout.backend.outages} and shown by {@code dugout.backend.down},
 * both tagged {@code backend=mongodb}.
 */
@ExtendWith(OutputCaptureExtension.class)
class MongoOutageLogTests {

  @TempDir Path dataDir;

  @Test
  void anOutageIsOneWarningAndOneInfoLineAndIsCountedHoweverManyRequestsFail(
      CapturedOutput output) {
    int mongoPort = URI.create(InJvmMongo.shared().uri()).getPort();
    try (var proxy = TcpProxy.to("127.0.0.1", mongoPort);
        var context =
            Applications.start(
                dataDir,
                "--dugout.store.type=mongodb",
                "--spring.mongodb.uri=mongodb://127.0.0.1:"
                    + proxy.port()
                    + "/dugout_outage_log?serverSelectionTimeoutMS=1000&connectTimeoutMS=1000"
                    + "&heartbeatFrequencyMS=500")) {
      int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
      var client = DugoutClient.onPort(port);
      var meters = context.getBean(MeterRegistry.class);
      String alice = client.token("alice");
      String room =
          client
              .postJson(
                  alice,
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob")))
              .text("id");
      assertThat(post(client, alice, room, "before").status()).isEqualTo(201);
      assertThat(down(meters)).isZero();

      proxy.cut();
      try {
        Waits.until(() -> down(meters) == 1.0, Duration.ofSeconds(30), "the outage to be seen");
        long asked = System.nanoTime();
        var readiness = client.get(null, "/actuator/health/readiness");
        assertThat(readiness.status()).as(readiness.toString()).isEqualTo(503);
        assertThat(Duration.ofNanos(System.nanoTime() - asked))
            .as("the store's health answers at once, without waiting for a server")
            .isLessThan(Duration.ofMillis(900));
        for (int i = 0; i < 10; i++) {
          var failed = post(client, alice, room, "during-" + i);
          assertThat(failed.status()).as(failed.toString()).isEqualTo(503);
        }
      } finally {
        proxy.restore();
      }

      Waits.until(() -> down(meters) == 0.0, Duration.ofSeconds(60), "MongoDB to answer again");
      assertThat(post(client, alice, room, "after").status()).isEqualTo(201);

      String mongoAt = "MongoDB at 127.0.0.1:" + proxy.port();
      assertThat(lines(output, mongoAt + " is unreachable"))
          .singleElement()
          .asString()
          .contains("WARN")
          .contains("get unavailable");
      assertThat(lines(output, mongoAt + " answers again"))
          .singleElement()
          .asString()
          .contains("INFO");
      assertThat(lines(output, "the store (MongoDB) is unreachable"))
          .as("no line per failed request")
          .isEmpty();
      assertThat(output.getAll()).doesNotContain("Exception in monitor thread");
      assertThat(
              meters
                  .get("dugout.backend.outages")
                  .tag("backend", "mongodb")
                  .functionCounter()
                  .count())
          .isEqualTo(1.0);
    }
  }

  private static double down(MeterRegistry meters) {
    return meters.get("dugout.backend.down").tag("backend", "mongodb").gauge().value();
  }

  private static ApiResponse post(DugoutClient client, String token, String room, String id) {
    return client.postJson(
        token,
        "/api/v1/rooms/" + room + "/messages",
        Map.of("clientMsgId", id, "kind", "TEXT", "content", id));
  }

  private static List<String> lines(CapturedOutput output, String text) {
    return output.getAll().lines().filter(line -> line.contains(text)).toList();
  }
}
