package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node that owns a room's partition is killed with SIGKILL while many sends for that room, made
 * on the other node, are in flight. The survivor takes the partition when the killed node's Kafka
 * session ends, learns the room's last seq from MongoDB, and finds what the killed node wrote but
 * never answered as retries: every acknowledged send is in history exactly once at the seq it was
 * acknowledged with, and the room's seqs are gap-free.
 */
class PartitionOwnerKilledTests {

  private static final int SENDERS = 16;
  private static final int ACKS_BEFORE_KILL = 80;
  private static final int ACKS_AFTER_KILL = 80;

  @TempDir Path dir;

  @Test
  void theSurvivorTakesTheRoomsPartitionWithNoGapNoDuplicateAndNoSeqGivenTwice() throws Exception {
    try (var cluster = new TestCluster();
        var groups = new GroupView(TestCluster.kafkaBootstrap(), cluster.group())) {
      Path data = cluster.sharedDataDir(dir.resolve("data"));
      var env = cluster.processEnvironment();
      String timeout = "--dugout.cluster.append-timeout=2s";
      try (var owner = ServerProcess.start(data, env, timeout, "--dugout.cluster.node-id=owner");
          var survivor =
              ServerProcess.start(data, env, timeout, "--dugout.cluster.node-id=survivor")) {
        var client = DugoutClient.onPort(survivor.port());
        groups.awaitSequencing("owner", "survivor");
        var ledger = new RoomLedger(groups.roomSequencedBy("owner", client));
        String[] tokens = {client.token("alice"), client.token("bob")};

        var killed = new AtomicBoolean();
        var stop = new AtomicBoolean();
        var failedAfterKill = new AtomicInteger();
        var senders = new ArrayList<Future<?>>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
          for (int s = 0; s < SENDERS; s++) {
            String token = tokens[s % 2];
            String prefix = "s" + s + "-";
            senders.add(
                pool.submit(
                    () -> {
                      for (int i = 0; i < 10_000 && !stop.get(); i++) {
                        sendUntilAcknowledged(
                            client, token, ledger, prefix + i, killed, failedAfterKill);
                      }
                      return null;
                    }));
          }
          Waits.until(
              () -> ledger.size() >= ACKS_BEFORE_KILL, Duration.ofSeconds(120), "sends before");
          assertThat(owner.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
          killed.set(true);
          int before = ledger.size();
          Waits.until(
              () -> ledger.size() >= before + ACKS_AFTER_KILL,
              Duration.ofSeconds(120),
              "sends after the kill");
          stop.set(true);
          for (var sender : senders) {
            sender.get(60, TimeUnit.SECONDS);
          }
        }

        assertThat(groups.owned("survivor"))
            .as("the survivor sequences the room now")
            .contains(TestCluster.partitionOf(ledger.room()));
        // why: sends were in flight to the dead owner; had none failed, nothing was tested here
        assertThat(failedAfterKill.get()).as("sends that waited for the dead owner").isPositive();
        var history = ledger.assertHistoryKeepsEveryAcknowledgedSendOnce(client, tokens[0]);
        assertThat(history).hasSizeGreaterThanOrEqualTo(ledger.size());
      }
    }
  }

  /**
   * Sends until acknowledged, resending the same clientMsgId after an {@code unavailable} error as
   * a client would; any other answer fails the test.
   */
  private static void sendUntilAcknowledged(
      DugoutClient client,
      String token,
      RoomLedger ledger,
      String id,
      AtomicBoolean killed,
      AtomicInteger failedAfterKill) {
    for (int attempt = 0; attempt < 40; attempt++) {
      var response = ledger.post(client, token, id);
      if (response.status() == 200 || response.status() == 201) {
        ledger.acknowledged(id, response);
        return;
      }
      assertThat(response.status()).as(response.toString()).isEqualTo(503);
      assertThat(response.text("code")).isEqualTo("unavailable");
      if (killed.get()) {
        failedAfterKill.incrementAndGet();
      }
    }
    throw new AssertionError(id + " never acknowledged");
  }
}
