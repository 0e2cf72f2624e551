package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Applications;
import io.dugout.TempDirs;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * How many pushes one embedded node sustains to FCM on loopback ({@link FakeFcm}), and the latency
 * from a message stored (its {@code sentAt}) to FCM accepting its push, at p50 and p99, beside the
 * message rate of the same run (docs/benchmarks.md, "Device push"). {@value #ROOMS} rooms, each
 * with one sender and {@value #AWAY} members who are away with one FCM device each; the senders
 * post over REST, each its next message as soon as the last is acknowledged, for {@value #SECONDS}
 * s. The senders, the node and FCM share this JVM. Too slow for the default suite; run it with
 * {@code -Ddugout.push.benchmark=true}.
 */
@EnabledIfSystemProperty(named = "dugout.push.benchmark", matches = "true")
class PushBenchmarkTests {

  private static final int ROOMS = 32;
  private static final int AWAY = 4;
  private static final int SECONDS = 20;

  @Test
  void pushesEveryAwayMembersNewestMessageAndReportsRateAndLatency() throws Exception {
    Path dir = TempDirs.deletedAtExit("dugout-push-bench-");
    try (var fcm = new FakeFcm();
        var node =
            Applications.start(
                dir.resolve("data"),
                "--dugout.push.fcm.service-account-file=" + fcm.serviceAccount(dir),
                "--dugout.push.fcm.api-url=" + fcm.url())) {
      var client =
          DugoutClient.onPort(
              node.getEnvironment().getRequiredProperty("local.server.port", Integer.class));
      var rooms = new ArrayList<String>();
      var senders = new ArrayList<String>();
      for (int r = 0; r < ROOMS; r++) {
        var away = new ArrayList<String>();
        for (int m = 0; m < AWAY; m++) {
          String user = "away-" + r + "-" + m;
          PushChecks.registerPhone(client, user, "token-" + user);
          away.add(user);
        }
        String sender = "sender-" + r;
        var room =
            client.postJson(
                client.token(sender),
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", "Room " + r, "memberIds", away));
        assertThat(room.status()).as("%s", room).isEqualTo(201);
        rooms.add(room.text("id"));
        senders.add(client.token(sender));
      }

      var storedAt = new ConcurrentHashMap<String, Instant>();
      var newest = new ConcurrentHashMap<String, Long>();
      var messages = new AtomicLong();
      Instant start = Instant.now();
      long end = System.nanoTime() + Duration.ofSeconds(SECONDS).toNanos();
      try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int r = 0; r < ROOMS; r++) {
          String roomId = rooms.get(r);
          String token = senders.get(r);
          threads.submit(
              () -> {
                for (int i = 0; System.nanoTime() - end < 0; i++) {
                  var sent =
                      client.postJson(
                          token,
                          "/api/v1/rooms/" + roomId + "/messages",
                          Map.of("clientMsgId", "m" + i, "kind", "TEXT", "content", "hello " + i));
                  assertThat(sent.status()).as("%s", sent).isEqualTo(201);
                  storedAt.put(
                      roomId + "/" + sent.number("seq"), Instant.parse(sent.text("sentAt")));
                  newest.put(roomId, sent.number("seq"));
                  messages.incrementAndGet();
                }
                return null;
              });
        }
      }
      Duration sending = Duration.between(start, Instant.now());
      var meters = node.getBean(MeterRegistry.class);
      Waits.until(
          () -> meters.get("dugout.push.queue.depth").gauge().value() == 0,
          Duration.ofSeconds(120),
          "the push queue to drain");

      var acceptances = fcm.acceptances();
      var latencies = new ArrayList<Double>();
      Instant last = start;
      for (var acceptance : acceptances) {
        var data = acceptance.message().get("data");
        Instant stored =
            storedAt.get(data.get("roomId").asString() + "/" + data.get("seq").asString());
        assertThat(stored).as("a push of a message sent here").isNotNull();
        latencies.add(Duration.between(stored, acceptance.at()).toNanos() / 1e6);
        last = acceptance.at().isAfter(last) ? acceptance.at() : last;
      }
      latencies.sort(null);
      double pushSeconds = Duration.between(start, last).toNanos() / 1e9;
      double dropped = meters.get("dugout.push.dropped").counter().count();
      System.out.printf(
          "push benchmark: %d rooms x %d away members, %d messages in %.1f s (%.0f messages/s);"
              + " %d pushes accepted in %.1f s (%.0f pushes/s), %.0f dropped; stored -> accepted"
              + " p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
          ROOMS,
          AWAY,
          messages.get(),
          sending.toNanos() / 1e9,
          messages.get() / (sending.toNanos() / 1e9),
          acceptances.size(),
          pushSeconds,
          acceptances.size() / pushSeconds,
          dropped,
          percentile(latencies, 0.50),
          percentile(latencies, 0.99),
          latencies.getLast());

      // why: pushes of one room collapse on the phone, so the promise is the newest one arriving
      for (int r = 0; r < ROOMS; r++) {
        for (int m = 0; m < AWAY; m++) {
          var pushes = fcm.acceptedFor("token-away-" + r + "-" + m);
          assertThat(PushChecks.newestSeqPerRoom(pushes))
              .isEqualTo(Map.of(rooms.get(r), newest.get(rooms.get(r))));
        }
      }
    }
  }

  private static double percentile(List<Double> sorted, double p) {
    return sorted.get((int) Math.round(p * (sorted.size() - 1)));
  }
}
