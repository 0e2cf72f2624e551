package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
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
        var admin = admin()) {
      Path data = cluster.sharedDataDir(dir.resolve("data"));
      var env = cluster.processEnvironment();
      String timeout = "--dugout.cluster.append-timeout=2s";
      try (var owner = ServerProcess.start(data, env, timeout, "--dugout.cluster.node-id=owner");
          var survivor =
              ServerProcess.start(data, env, timeout, "--dugout.cluster.node-id=survivor")) {
        var client = DugoutClient.onPort(survivor.port());
        Waits.until(
            () ->
                !owned(admin, cluster, "owner").isEmpty()
                    && !owned(admin, cluster, "survivor").isEmpty(),
            Duration.ofSeconds(60),
            "both nodes sequencing");
        var ledger = new RoomLedger(roomSequencedBy(admin, cluster, "owner", client));
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

        assertThat(owned(admin, cluster, "survivor"))
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

  /** Creates rooms until one lands in a partition the named node sequences. */
  private static String roomSequencedBy(
      Admin admin, TestCluster cluster, String node, DugoutClient client) {
    String token = client.token("alice");
    for (int i = 0; i < 100; i++) {
      var room =
          client.postJson(
              token,
              "/api/v1/rooms",
              Map.of("type", "GROUP", "title", "g" + i, "memberIds", List.of("bob")));
      assertThat(room.status()).as(room.toString()).isEqualTo(201);
      String id = room.text("id");
      if (owned(admin, cluster, node).contains(TestCluster.partitionOf(id))) {
        return id;
      }
    }
    throw new AssertionError("no room landed in a partition of " + node);
  }

  /**
   * The partitions the named node's consumer owns, as the broker's group coordinator says; none
   * while the group does not exist yet (no node has joined it).
   */
  private static Set<Integer> owned(Admin admin, TestCluster cluster, String node) {
    try {
      var group =
          admin
              .describeConsumerGroups(List.of(cluster.group()))
              .all()
              .get(10, TimeUnit.SECONDS)
              .get(cluster.group());
      return group.members().stream()
          .filter(m -> m.clientId().equals("dugout-" + node))
          .flatMap(m -> m.assignment().topicPartitions().stream())
          .map(TopicPartition::partition)
          .collect(Collectors.toSet());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return Set.of();
      }
      throw new AssertionError("describing group " + cluster.group() + " failed", e);
    } catch (Exception e) {
      throw new AssertionError("describing group " + cluster.group() + " failed", e);
    }
  }

  private static Admin admin() {
    return Admin.create(
        Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestCluster.kafkaBootstrap()));
  }
}
