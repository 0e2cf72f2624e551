package io.dugout.store.localfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.file.FileStore;
import io.dugout.file.FileStoreContract;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFileStoreTests extends FileStoreContract {

  @TempDir Path dir;

  @Override
  protected FileStore openEmpty() {
    return new LocalFileStore(dir);
  }

  @Test
  void aTemporaryFileLeftByACrashIsRemovedOnOpenAndNeverListed() throws Exception {
    Files.writeString(dir.resolve(".incoming").resolve("crashed.part"), "half");

    var reopened = new LocalFileStore(dir);

    assertThat(Files.list(dir.resolve(".incoming"))).isEmpty();
    reopened.put("uploads/a", new ByteArrayInputStream(new byte[] {1}), 1);
    assertThat(reopened.list("", java.time.Instant.now().plusSeconds(60), 10))
        .extracting(FileStore.StoredObject::key)
        .containsExactly("uploads/a");
  }
}
