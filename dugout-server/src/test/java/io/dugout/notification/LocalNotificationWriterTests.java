package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Applications;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** {@link NotificationWriterContract} on an embedded node: the local writer over RocksDB. */
class LocalNotificationWriterTests extends NotificationWriterContract {

  @TempDir static Path dir;
  private static final Recorder recorder = new Recorder();
  private static ConfigurableApplicationContext node;

  @BeforeAll
  static void startNode() {
    node = Applications.startWith(List.of(recorder), dir);
    recorder.checkAgainst(node.getBean(NotificationStore.class));
    assertThat(node.getBean(NotificationWriter.class)).isInstanceOf(LocalNotificationWriter.class);
  }

  @AfterAll
  static void stopNode() {
    node.close();
  }

  @Override
  protected NotificationWriter writer() {
    return node.getBean(NotificationWriter.class);
  }

  @Override
  protected NotificationStore store() {
    return node.getBean(NotificationStore.class);
  }

  @Override
  protected Recorder recorder() {
    return recorder;
  }
}
