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
 * How many pushes one embedded node sustains to FCM on loopback ({@link FakeFcm}), or with {@code
 * -Ddugout.push.benchmark.platform=apns} to APNs (Pushy's {@code MockApnsServer}, {@link FakeApns}:
 * HTTP/2 over TLS), and the latency from a message stored (its {@code sentAt}) to the provider
 * accepting its push, at p50 and p99, beside the message rate of the same run (docs/benchmarks.md,
 * "Device push"). {@value #ROOMS} rooms, each with one sender and {@value #AWAY} members who are
 * away with one FCM device each; the senders post over REST, each its next message as soon as the
 * last is acknowledged, for {@value #SECONDS} s. The senders, the node and FCM share this JVM. Too
 * slow for the default suite; run it with {@code -Ddugout.push.benchmark=true}. The room interval
 * is 0, so every version that does not wait in the queue is pushed: what a node sustains, not what
 * a deployment with the default interval would send.
 */
@EnabledIfSystemProperty(named = "dugout.push.benchmark", matches = "true")
class PushBenchmarkTests {

  private static final int ROOMS = 32;
  private static final int AWAY = 4;
  private static final int SECONDS = 20;

  /** Each room's newest seq, as its sender was answered. */
  private final Map<String, Long> newestSeqs = new ConcurrentHashMap<>();

  @Test
  void pushesEveryAwayMembersNewestMessageAndReportsRateAndLatency() throws Exception {
    Path dir = TempDirs.deletedAtExit("dugout-push-bench-");
    boolean apns = "apns".equals(System.getProperty("dugout.push.benchmark.platform"));
    try (var fcm = new FakeFcm();
        var apnsServer = new FakeApns();
        var node =
            Applications.start(
                dir.resolve("data"),
                apns
                    ? new String[] {
                      "--dugout.push.apns.key-file=" + FakeApns.signingKey(dir),
                      "--dugout.push.apns.key-id=" + FakeApns.KEY_ID,
                      "--dugout.push.apns.team-id=" + FakeApns.TEAM_ID,
                      "--dugout.push.apns.host=127.0.0.1",
                      "--dugout.push.apns.port=" + apnsServer.port(),
                      "--dugout.push.apns.trusted-certificates="
                          + FakeApns.trustedCertificates(dir),
                      "--dugout.push.room-interval=0"
                    }
                    : new String[] {
                      "--dugout.push.fcm.service-account-file=" + fcm.serviceAccount(dir),
                      "--dugout.push.fcm.api-url=" + fcm.url(),
                      "--dugout.push.room-interval=0"
                    })) {
      var client =
          DugoutClient.onPort(
              node.getEnvironment().getRequiredProperty("local.server.port", Integer.class));
      var rooms = new ArrayList<String>();
      var senders = new ArrayList<String>();
      for (int r = 0; r < ROOMS; r++) {
        var away = new ArrayList<String>();
        for (int m = 0; m < AWAY; m++) {
          String user = "away-" + r + "-" + m;
          if (apns) {
            registerIphone(client, user, deviceToken(true, user));
          } else {
            PushChecks.registerPhone(client, user, deviceToken(false, user));
          }
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
      var newest = newestSeqs;
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

      // why: the queue is empty while its last pushes are still on their way to the provider
      long patience = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (System.nanoTime() - patience < 0
          && newestPerToken(apns ? fromApns(apnsServer.accepted()) : fromFcm(fcm.acceptances()))
                  .size()
              < ROOMS * AWAY) {
        Thread.sleep(100);
      }
      var acceptances = apns ? fromApns(apnsServer.accepted()) : fromFcm(fcm.acceptances());
      var latencies = new ArrayList<Double>();
      Instant last = start;
      for (var acceptance : acceptances) {
        Instant stored = storedAt.get(acceptance.roomId() + "/" + acceptance.seq());
        assertThat(stored).as("a push of a message sent here").isNotNull();
        latencies.add(Duration.between(stored, acceptance.at()).toNanos() / 1e6);
        last = acceptance.at().isAfter(last) ? acceptance.at() : last;
      }
      latencies.sort(null);
      double pushSeconds = Duration.between(start, last).toNanos() / 1e9;
      double dropped = meters.get("dugout.push.dropped").counter().count();
      double superseded = meters.get("dugout.push.superseded").counter().count();
      System.out.printf(
          "push benchmark (%s): %d rooms x %d away members, %d messages in %.1f s (%.0f messages/s);"
              + " %d pushes accepted in %.1f s (%.0f pushes/s), %.0f dropped, %.0f superseded; stored -> accepted"
              + " p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
          apns ? "APNs" : "FCM",
          ROOMS,
          AWAY,
          messages.get(),
          sending.toNanos() / 1e9,
          messages.get() / (sending.toNanos() / 1e9),
          acceptances.size(),
          pushSeconds,
          acceptances.size() / pushSeconds,
          dropped,
          superseded,
          percentile(latencies, 0.50),
          percentile(latencies, 0.99),
          latencies.getLast());

      // why: pushes of one room collapse on the phone, so the promise is the newest one arriving
      for (int r = 0; r < ROOMS; r++) {
        for (int m = 0; m < AWAY; m++) {
          String token = deviceToken(apns, "away-" + r + "-" + m);
          var newestPushed = new java.util.HashMap<String, Long>();
          acceptances.stream()
              .filter(a -> a.token().equals(token))
              .forEach(a -> newestPushed.merge(a.roomId(), a.seq(), Math::max));
          assertThat(newestPushed).isEqualTo(Map.of(rooms.get(r), newest.get(rooms.get(r))));
        }
      }
    }
  }

  /** The tokens of the devices that were pushed their room's newest message. */
  private java.util.Set<String> newestPerToken(List<Acceptance> acceptances) {
    return acceptances.stream()
        .filter(a -> a.seq() == newestSeqs.getOrDefault(a.roomId(), -1L))
        .map(Acceptance::token)
        .collect(java.util.stream.Collectors.toSet());
  }

  /** One push a provider accepted: to which device, of which message, and when. */
  private record Acceptance(String token, String roomId, long seq, Instant at) {}

  private static List<Acceptance> fromFcm(List<FakeFcm.Acceptance> accepted) {
    return accepted.stream()
        .map(
            a -> {
              var message = a.message();
              var data = message.get("data");
              return new Acceptance(
                  message.get("token").asString(),
                  data.get("roomId").asString(),
                  Long.parseLong(data.get("seq").asString()),
                  a.at());
            })
        .toList();
  }

  private static List<Acceptance> fromApns(List<FakeApns.Accepted> accepted) {
    return accepted.stream()
        .map(
            a ->
                new Acceptance(
                    a.token(),
                    a.payload().get("roomId").asString(),
                    a.payload().get("seq").asLong(),
                    a.at()))
        .toList();
  }

  /** The device token of {@code user}'s phone: APNs takes 32 hex digits or more. */
  private static String deviceToken(boolean apns, String user) {
    byte[] name = ("token-" + user).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    String hex = java.util.HexFormat.of().formatHex(name);
    return apns ? hex + "0".repeat(Math.max(0, 64 - hex.length())) : "token-" + user;
  }

  private static void registerIphone(DugoutClient client, String userId, String token) {
    var put =
        client.send(
            "PUT",
            client.token(userId),
            "/api/v1/users/me/devices/phone",
            "{\"platform\": \"apns\", \"token\": \""
                + token
                + "\", \"appId\": \""
                + FakeApns.TOPIC
                + "\"}");
    assertThat(put.status()).as("%s", put).isEqualTo(201);
  }

  private static double percentile(List<Double> sorted, double p) {
    return sorted.get((int) Math.round(p * (sorted.size() - 1)));
  }
}
