package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Applications;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code dugout.store.fsync} with {@code dugout.store.sync-writers}: the server's virtual threads
 * write through the sync writers, and fewer than one writer is refused.
 */
class SyncWritersSettingTests {

  @TempDir Path dataDir;

  @Test
  void refusesFewerThanOneWriterNamingTheSetting() {
    assertThatThrownBy(() -> start("--dugout.store.sync-writers=0").close())
        .hasStackTraceContaining("dugout.store.sync-writers must be 1 or more, not 0");
  }

  @Test
  void keepsWhatVirtualThreadsWroteWithFsyncOnAcrossARestart() throws Exception {
    var flags = new String[] {"--dugout.store.fsync=true", "--dugout.store.sync-writers=2"};
    try (var context = start(flags);
        var threads = Executors.newVirtualThreadPerTaskExecutor()) {
      var messages = context.getBean(MessageStore.class);
      var writes = new ArrayList<Future<MessageStore.Written>>();
      for (int room = 0; room < 8; room++) {
        String roomId = "room-" + room;
        writes.add(threads.submit(() -> messages.write(message(roomId))));
      }
      for (var write : writes) {
        assertThat(write.get().outcome()).isEqualTo(MessageStore.Outcome.CREATED);
      }
    }
    try (var context = start(flags)) {
      var messages = context.getBean(MessageStore.class);
      for (int room = 0; room < 8; room++) {
        assertThat(messages.after("room-" + room, 0, 10))
            .extracting(Message::seq)
            .containsExactly(1L);
      }
    }
  }

  private static Message message(String roomId) {
    return new Message(
        roomId,
        1,
        "alice",
        MessageKind.TEXT,
        "hello",
        List.of(),
        "c-1",
        Instant.parse("2026-11-25T04:00:00Z"));
  }

  private ConfigurableApplicationContext start(String... args) {
    return Applications.start(dataDir, args);
  }
}
