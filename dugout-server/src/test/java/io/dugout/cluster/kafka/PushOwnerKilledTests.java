package io.dugout.cluster.kafka;

import static io.dugout.push.PushChecks.assertOneCollapseKeyPerRoom;
import static io.dugout.push.PushChecks.messagesTo;
import static io.dugout.push.PushChecks.newestSeqPerRoom;
import static io.dugout.push.PushChecks.pushArgs;
import static io.dugout.push.PushChecks.registerPhone;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import io.dugout.push.FakeFcm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At least once across a crash, in a cluster: the node that owns a user's notifications is killed
 * with SIGKILL while FCM refuses that user's pushes; the other node takes the user's notification
 * partition and pushes what the dead one left unfinished, each under its room's collapse key.
 */
class PushOwnerKilledTests {

  private static final int ROOMS = 4;

  @TempDir Path dir;

  @Test
  void theNewOwnerOfAUsersNotificationsPushesWhatTheKilledOwnerLeftUnfinished() throws Exception {
    try (var fcm = new FakeFcm();
        var cluster = new TestCluster();
        var groups =
            new GroupView(TestCluster.kafkaBootstrap(), cluster.notificationGroup(), "notify")) {
      Path data = cluster.sharedDataDir(dir.resolve("data"));
      var env = cluster.processEnvironment();
      var push = new ArrayList<>(List.of(pushArgs(fcm, dir)));
      push.add("--dugout.cluster.kafka.session-timeout=6s");
      try (var owner = ServerProcess.start(data, env, args(push, "owner"));
          var survivor = ServerProcess.start(data, env, args(push, "survivor"))) {
        Waits.until(
            () -> !groups.owned("owner").isEmpty() && !groups.owned("survivor").isEmpty(),
            Duration.ofSeconds(60),
            "both nodes own notification partitions");
        var owned = groups.owned("owner");
        String bob =
            IntStream.range(0, 100)
                .mapToObj(i -> "bob-" + i)
                .filter(id -> owned.contains(TestCluster.partitionOf(id)))
                .findFirst()
                .orElseThrow();
        var client = DugoutClient.onPort(survivor.port());
        String token = "fcm-" + bob;
        registerPhone(client, bob, token);
        fcm.refuse(true);
        var lastSeq = messagesTo(client, "alice", bob, ROOMS);
        Waits.until(
            () -> newestSeqPerRoom(fcm.refused()).equals(lastSeq),
            Duration.ofSeconds(30),
            "every room's newest message tried by the owner and refused");

        assertThat(owner.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
        fcm.refuse(false);
        Waits.until(
            () -> newestSeqPerRoom(fcm.acceptedFor(token)).equals(lastSeq),
            Duration.ofSeconds(45),
            "every room's newest message pushed by the survivor");
        assertThat(groups.owned("survivor")).contains(TestCluster.partitionOf(bob));
        assertOneCollapseKeyPerRoom(fcm.acceptedFor(token), lastSeq.keySet());
      }
    }
  }

  private static String[] args(List<String> push, String node) {
    var all = new ArrayList<>(push);
    all.add("--dugout.cluster.node-id=" + node);
    return all.toArray(String[]::new);
  }
}
