package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.cluster.kafka.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A member removed, muted or frozen out through one cluster node is refused on the other, which
 * answers its members from its own views: as soon as the room event arrives; after a dropped Redis
 * connection; and, when Redis loses the event, within {@code dugout.rooms.member-cache-ttl}.
 */
class ClusterMembershipViewTests {

  private static final TestCluster cluster = new TestCluster();

  /** Keeps what it read for ten minutes: only an event or a new epoch makes it read again. */
  private static TestCluster.Node keeping;

  /** Keeps what it read for two seconds. */
  private static TestCluster.Node brief;

  @BeforeAll
  static void startTwoNodes() {
    keeping = cluster.start("--dugout.rooms.member-cache-ttl=10m");
    brief = cluster.start("--dugout.rooms.member-cache-ttl=2s");
    cluster.awaitBalanced();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void aMemberRemovedOnOneNodeIsRefusedOnTheOtherAsSoonAsTheRoomEventArrives() {
    String room = brief.group("alice", "bob");
    assertThat(keeping.send(room, "bob")).as("bob is a member, and known as one").isEqualTo(201);

    brief.remove("alice", room, "bob");

    awaitRefused(keeping, room, "bob", Duration.ofSeconds(5));
    assertThat(keeping.send(room, "alice")).isEqualTo(201);
  }

  @Test
  void aMemberRemovedWhileRedisLosesTheRoomEventIsRefusedOnTheOtherNodeWithinTheTtl() {
    String room = keeping.group("alice", "bob");
    assertThat(brief.send(room, "bob")).isEqualTo(201);

    withRoomEventsLost(() -> keeping.remove("alice", room, "bob"));

    // why: the ttl is 2 s; the rest is slack for a busy machine, not the bound
    awaitRefused(brief, room, "bob", Duration.ofSeconds(10));
  }

  @Test
  void aDroppedRedisConnectionMakesTheOtherNodeReadMembershipAgain() {
    String room = brief.group("alice", "bob");
    assertThat(keeping.send(room, "bob")).isEqualTo(201);
    withRoomEventsLost(() -> brief.remove("alice", room, "bob"));
    assertThat(keeping.send(room, "bob"))
        .as("the event was lost, and the node keeps its answer for ten minutes")
        .isEqualTo(201);

    // every Pub/Sub connection drops; Lettuce reconnects and subscribes again
    TestCluster.redis()
        .execute(
            (RedisCallback<Object>)
                c -> {
                  for (var client : c.serverCommands().getClientList()) {
                    if (client.getFlags().contains("P")) {
                      String address = client.getAddressPort();
                      int colon = address.lastIndexOf(':');
                      c.serverCommands()
                          .killClient(
                              address.substring(0, colon),
                              Integer.parseInt(address.substring(colon + 1)));
                    }
                  }
                  return null;
                });

    awaitRefused(keeping, room, "bob", Duration.ofSeconds(10));
  }

  @Test
  void aMuteMadeOnOneNodeIsRefusedOnTheOtherAsSoonAsTheRoomEventArrives() {
    String room = brief.group("alice", "bob");
    assertThat(keeping.send(room, "bob")).as("bob may write, and is known to").isEqualTo(201);

    mute(brief, "alice", room, "bob");

    awaitRefused(keeping, room, "bob", Duration.ofSeconds(5));
    assertThat(keeping.send(room, "alice")).isEqualTo(201);
  }

  @Test
  void aMuteMadeWhileRedisLosesTheRoomEventIsRefusedOnTheOtherNodeWithinTheTtl() {
    String room = keeping.group("alice", "bob");
    assertThat(brief.send(room, "bob")).isEqualTo(201);
    withRoomEventsLost(
        () -> {
          mute(keeping, "alice", room, "bob");
          assertThat(keeping.send(room, "bob")).as("refused at once where made").isEqualTo(403);
        });

    // why: the ttl is 2 s; the rest is slack for a busy machine, not the bound
    awaitRefused(brief, room, "bob", Duration.ofSeconds(10));
  }

  @Test
  void aFreezeMadeOnOneNodeIsRefusedOnTheOtherAsSoonAsTheRoomEventArrives() {
    String room = brief.group("alice", "bob");
    assertThat(keeping.send(room, "bob")).isEqualTo(201);

    var frozen =
        brief
            .client()
            .send(
                "PUT",
                brief.client().token("alice"),
                "/api/v1/rooms/" + room + "/freeze",
                "{\"reason\":\"raid\"}");
    assertThat(frozen.status()).isEqualTo(200);

    awaitRefused(keeping, room, "bob", Duration.ofSeconds(5));
    assertThat(keeping.send(room, "alice")).as("the owner still writes").isEqualTo(201);
  }

  private static void mute(TestCluster.Node node, String moderator, String room, String user) {
    var muted =
        node.client()
            .send(
                "PUT",
                node.client().token(moderator),
                "/api/v1/rooms/" + room + "/mutes/" + user,
                "{\"seconds\":600}");
    assertThat(muted.status()).as(muted::toString).isEqualTo(200);
  }

  /** Sends until the node refuses the user with 403; fails if it still accepts after the wait. */
  private static void awaitRefused(
      TestCluster.Node node, String room, String user, Duration within) {
    var statuses = new ArrayList<Integer>();
    Waits.until(
        () -> {
          int status = node.send(room, user);
          statuses.add(status);
          if (status != 403) {
            Waits.sleep(Duration.ofMillis(100));
          }
          return status == 403;
        },
        within,
        user + " refused in room " + room);
    assertThat(statuses.subList(0, statuses.size() - 1)).allMatch(status -> status == 201);
  }

  /** Runs {@code action} while Redis refuses every publish on the room-events channel. */
  private static void withRoomEventsLost(Runnable action) {
    var redis = TestCluster.redis();
    acl(redis, "resetchannels", "&dugout:node:*", "&dugout:room:*");
    try {
      action.run();
    } finally {
      acl(redis, "allchannels");
    }
  }

  private static void acl(StringRedisTemplate redis, String... rules) {
    var args = new ArrayList<byte[]>();
    args.add("SETUSER".getBytes());
    args.add("default".getBytes());
    for (String rule : rules) {
      args.add(rule.getBytes());
    }
    redis.execute((RedisCallback<Object>) c -> c.execute("ACL", args.toArray(byte[][]::new)));
  }
}
