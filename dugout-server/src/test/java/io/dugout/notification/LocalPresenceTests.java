package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Applications;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
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

  @Override
  protected Presence presence() {
    return node.getBean(Presence.class);
  }

  @Override
  protected int port() {
    return node.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
  }
}
