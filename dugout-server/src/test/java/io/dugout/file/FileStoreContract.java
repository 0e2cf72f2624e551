package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link FileStore} adapter must do; an adapter's test only opens an empty store. A
 * backend quirk is a {@code // why:} comment here, never a forked copy.
 */
public abstract class FileStoreContract {

  protected FileStore store;

  protected abstract FileStore openEmpty() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  @Test
  void getsBackTheBytesAPutStored() throws IOException {
    byte[] bytes = bytes(200_000);

    long size = store.put("uploads/a-1", new ByteArrayInputStream(bytes), bytes.length);

    assertThat(size).isEqualTo(bytes.length);
    try (var in = store.get("uploads/a-1")) {
      assertThat(in.readAllBytes()).isEqualTo(bytes);
    }
  }

  @Test
  void answersNullForAKeyWithNoObject() throws IOException {
    assertThat(store.get("uploads/missing")).isNull();
  }

  @Test
  void refusesContentOverTheLimitAndStoresNothing() throws IOException {
    assertThatThrownBy(() -> store.put("uploads/big", new ByteArrayInputStream(bytes(11)), 10))
        .isInstanceOf(FileStore.TooLarge.class);

    assertThat(store.get("uploads/big")).isNull();
  }

  @Test
  void aPutThatFailsMidwayLeavesTheOldObjectWhole() throws IOException {
    store.put("uploads/k", text("old"), 100);

    assertThatThrownBy(() -> store.put("uploads/k", failingAfter(5_000), 1_000_000))
        .isInstanceOf(IOException.class);

    try (var in = store.get("uploads/k")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("old");
    }
  }

  @Test
  void aPutReplacesTheObjectWhole() throws IOException {
    store.put("uploads/k", text("a longer first version"), 100);
    store.put("uploads/k", text("short"), 100);

    try (var in = store.get("uploads/k")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("short");
    }
  }

  @Test
  void deleteRemovesTheObjectAndMayBeRepeated() throws IOException {
    store.put("uploads/k", text("x"), 10);

    store.delete("uploads/k");
    store.delete("uploads/k");

    assertThat(store.get("uploads/k")).isNull();
  }

  @Test
  void listsObjectsByPrefixStoredBeforeAnInstant() throws IOException {
    store.put("uploads/a", text("aa"), 10);
    store.put("uploads/b", text("b"), 10);
    store.put("thumbnails/a", text("t"), 10);
    Instant later = Instant.now().plusSeconds(60);

    var uploads = store.list("uploads/", later, 10);

    assertThat(uploads)
        .extracting(FileStore.StoredObject::key)
        .containsExactlyInAnyOrder("uploads/a", "uploads/b");
    assertThat(uploads)
        .filteredOn(o -> o.key().equals("uploads/a"))
        .first()
        .extracting(FileStore.StoredObject::size)
        .isEqualTo(2L);
    assertThat(store.list("uploads/", Instant.EPOCH, 10)).isEmpty();
    assertThat(store.list("uploads/", later, 1)).hasSize(1);
  }

  @Test
  void refusesKeysThatCouldLeaveTheStore() {
    for (String key : new String[] {"../escape", "uploads/../../x", "/abs", "", "a//b"}) {
      assertThatThrownBy(() -> store.put(key, text("x"), 10))
          .as(key)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  private static InputStream text(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] bytes(int n) {
    byte[] bytes = new byte[n];
    Arrays.fill(bytes, (byte) 7);
    bytes[n / 2] = 1;
    return bytes;
  }

  /** A stream that gives {@code n} bytes, then fails as a dropped connection does. */
  private static InputStream failingAfter(int n) {
    return new InputStream() {
      int given;

      @Override
      public int read() throws IOException {
        if (given++ >= n) {
          throw new IOException("connection reset");
        }
        return 'x';
      }
    };
  }
}
