package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Applications;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** {@link SequencerContract} on an embedded node: the local sequencer over RocksDB. */
class LocalSequencerTests extends SequencerContract {

  @TempDir static Path dir;
  private static final Recorder recorder = new Recorder();
  private static ConfigurableApplicationContext node;

  @BeforeAll
  static void startNode() {
    node = Applications.startWith(List.of(recorder), dir);
    recorder.checkAgainst(node.getBean(MessageStore.class));
    assertThat(node.getBean(Sequencer.class)).isInstanceOf(LocalSequencer.class);
  }

  @AfterAll
  static void stopNode() {
    node.close();
  }

  @Override
  protected Sequencer sequencer() {
    return node.getBean(Sequencer.class);
  }

  @Override
  protected MessageStore store() {
    return node.getBean(MessageStore.class);
  }

  @Override
  protected Recorder recorder() {
    return recorder;
  }
}
