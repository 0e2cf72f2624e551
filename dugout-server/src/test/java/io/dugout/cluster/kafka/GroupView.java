package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * A cluster's sequencing group as the broker's group coordinator describes it, for tests of nodes
 * that run as processes of their own (whose beans a test cannot ask): which node's consumer owns
 * which partitions, told apart by client id ({@code dugout-<node id>-sequence}).
 */
final class GroupView implements AutoCloseable {

  private final Admin admin;
  private final String group;
  private final String client;

  GroupView(String bootstrap, String group) {
    this(bootstrap, group, "sequence");
  }

  /**
   * The view of another group, whose members' client ids end in {@code -<client>} ({@code notify}
   * for the notification group).
   */
  GroupView(String bootstrap, String group, String client) {
    this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    this.group = group;
    this.client = client;
  }

  /** The partitions the named node's consumer owns; none while the group does not exist yet. */
  Set<Integer> owned(String node) {
    return members(node).values().stream()
        .flatMap(Set::stream)
        .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * The named node's members (by member id) with their partitions: after a kill, the dead member
   * stays listed until its session ends, beside the member of the restarted node.
   */
  Map<String, Set<Integer>> members(String node) {
    var members = new HashMap<String, Set<Integer>>();
    for (var member : describe()) {
      if (member.clientId().equals("dugout-" + node + "-" + client)) {
        members.put(
            member.consumerId(),
            member.assignment().topicPartitions().stream()
                .map(TopicPartition::partition)
                .collect(Collectors.toUnmodifiableSet()));
      }
    }
    return members;
  }

  /** Waits until every named node sequences some partitions. */
  void awaitSequencing(String... nodes) {
    Waits.until(
        () -> List.of(nodes).stream().noneMatch(n -> owned(n).isEmpty()),
        Duration.ofSeconds(60),
        "every node sequencing: " + List.of(nodes));
  }

  /** Creates rooms until one lands in a partition the named node sequences. */
  String roomSequencedBy(String node, DugoutClient client) {
    String token = client.token("alice");
    for (int i = 0; i < 100; i++) {
      var room =
          client.postJson(
              token,
              "/api/v1/rooms",
              Map.of("type", "GROUP", "title", "g" + i, "memberIds", List.of("bob")));
      assertThat(room.status()).as(room.toString()).isEqualTo(201);
      String id = room.text("id");
      if (owned(node).contains(TestCluster.partitionOf(id))) {
        return id;
      }
    }
    throw new AssertionError("no room landed in a partition of " + node);
  }

  private List<MemberDescription> describe() {
    try {
      var description =
          admin.describeConsumerGroups(List.of(group)).all().get(10, TimeUnit.SECONDS).get(group);
      return List.copyOf(description.members());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return List.of();
      }
      throw new AssertionError("describing group " + group + " failed", e);
    } catch (Exception e) {
      throw new AssertionError("describing group " + group + " failed", e);
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(5));
  }
}
