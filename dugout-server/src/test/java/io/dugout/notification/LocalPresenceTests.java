package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Applications;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import io.dugout.realtime.StompTestClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** {@link PresenceContract} on an embedded node: its own sessions, exactly. */
class LocalPresenceTests extends PresenceContract {

  @TempDir static Path dir;
  private static ConfigurableApplicationContext node;

  @BeforeAll
  static void startNode() {
    node = Applications.start(dir);
    assertThat(node.getBean(Presence.class)).isInstanceOf(LocalPresence.class);
  }

  @AfterAll
  static void stopNode() {
    node.close();
  }

  /**
   * {@link LocalPresence#version} moves after every change of the sessions and their subscriptions,
   * and only then: a cluster node skips sharing its sessions while it stays.
   */
  @Test
  void itsVersionMovesWithEachChangeOfTheSessionsAndStaysOtherwise() {
    var local = node.getBean(LocalPresence.class);
    var client = DugoutClient.onPort(port());
    String alice = "v-" + UUID.randomUUID().toString().substring(0, 8);
    String token = client.token(alice);
    String room =
        client
            .postJson(
                token,
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", "t", "memberIds", List.of("v-bob")))
            .text("id");
    long before = local.version();
    assertThat(local.version()).as("nothing changed").isEqualTo(before);

    try (var session = StompTestClient.connect(port(), token)) {
      long connected = local.version();
      assertThat(connected).isNotEqualTo(before);
      assertThat(local.sessions()).containsEntry(alice, Set.of());
      session.subscribeAndWait("r", "/topic/rooms." + room);
      long subscribed = local.version();
      assertThat(subscribed).isNotEqualTo(connected);
      assertThat(local.sessions()).containsEntry(alice, Set.of(room));
      assertThat(local.version()).as("nothing changed").isEqualTo(subscribed);
    }
    Waits.until(
        () -> !local.sessions().containsKey(alice), Duration.ofSeconds(10), "alice's close");
    long closed = local.version();
    assertThat(closed).as("moved with the close").isNotEqualTo(before);
    assertThat(local.version()).isEqualTo(closed);
  }

  @Override
  protected Presence presence() {
    return node.getBean(Presence.class);
  }

  @Override
  protected int port() {
    return node.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
  }
}
