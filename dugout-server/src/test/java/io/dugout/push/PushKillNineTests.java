package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At least once across a crash, on one node: FCM refuses every push (an outage), so the pushes of
 * acknowledged messages wait in the node's retries; the node is killed with SIGKILL, FCM comes
 * back, the node starts again on the same data directory and pushes every one of them, each under
 * its room's collapse key.
 */
class PushKillNineTests {

  private static final int ROOMS = 6;
  private static final Duration PATIENCE = Duration.ofSeconds(40);

  @TempDir Path dir;

  @Test
  void pushesWhatWasUnfinishedWhenTheNodeWasKilledAfterItStartsAgain() throws Exception {
    try (var fcm = new FakeFcm()) {
      String[] push = PushChecks.pushArgs(fcm, dir);
      String token = "fcm-bob-phone";
      var lastSeq = new HashMap<String, Long>();
      try (var server = ServerProcess.start(dir.resolve("data"), push)) {
        var client = DugoutClient.onPort(server.port());
        PushChecks.registerPhone(client, "bob", token);
        fcm.refuse(true);
        lastSeq.putAll(PushChecks.messagesTo(client, "alice", "bob", ROOMS));
        Waits.until(
            () -> PushChecks.newestSeqPerRoom(fcm.refused()).equals(lastSeq),
            PATIENCE,
            "every room's newest message tried and refused");

        assertThat(server.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
        fcm.refuse(false);
        assertThat(fcm.accepted()).as("nothing accepted before the kill").isEmpty();

        server.restart(push);
        Waits.until(
            () -> PushChecks.newestSeqPerRoom(fcm.acceptedFor(token)).equals(lastSeq),
            PATIENCE,
            "every room's newest message pushed after the restart");
      }
      PushChecks.assertOneCollapseKeyPerRoom(fcm.acceptedFor(token), lastSeq.keySet());
    }
  }
}
