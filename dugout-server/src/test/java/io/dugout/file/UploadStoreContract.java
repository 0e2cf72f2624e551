package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link UploadStore} adapter must do; an adapter's test only opens a store. */
public abstract class UploadStoreContract {

  protected static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");

  protected UploadStore store;

  protected abstract UploadStore openEmpty() throws Exception;

  /** The same store, closed and opened again. */
  protected abstract UploadStore reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  protected static Upload slot(String id) {
    return Upload.pending(
        id, "r1", "alice", "item.jpg", 1234, "image/jpeg", T0, T0.plusSeconds(900));
  }

  @Test
  void getsBackWhatWasPutAndNullForAnUnknownId() {
    store.put(slot("u1"));

    assertThat(store.get("u1")).isEqualTo(slot("u1"));
    assertThat(store.get("u2")).isNull();
  }

  @Test
  void keepsSlotsAcrossARestart() throws Exception {
    store.put(slot("u1").stored("image/jpeg", 1000, 640, 480, "image/jpeg"));
    store.use("u1", "c-1");

    store = reopen();

    assertThat(store.get("u1"))
        .isEqualTo(slot("u1").stored("image/jpeg", 1000, 640, 480, "image/jpeg").usedBy("c-1"));
  }

  @Test
  void useMarksTheFirstMessageOnlyAndAnswersItAgainForTheSameOne() {
    store.put(slot("u1"));

    assertThat(store.use("u1", "c-1").usedBy()).isEqualTo("c-1");
    assertThat(store.use("u1", "c-2").usedBy()).isEqualTo("c-1");
    assertThat(store.use("u1", "c-1").usedBy()).isEqualTo("c-1");
    assertThat(store.use("missing", "c-1")).isNull();
  }

  @Test
  void aLaterPutKeepsTheMessageThatUsesTheUpload() {
    store.put(slot("u1"));
    store.use("u1", "c-1");

    store.put(slot("u1").stored("image/jpeg", 1000, null, null, null));

    assertThat(store.get("u1").usedBy()).isEqualTo("c-1");
    assertThat(store.get("u1").isStored()).isTrue();
  }

  @Test
  void ofManyRacingMessagesExactlyOneUsesTheUpload() throws Exception {
    store.put(slot("u1"));
    var start = new CountDownLatch(1);
    try (var pool = Executors.newFixedThreadPool(8)) {
      var results = new ArrayList<Future<String>>();
      for (int i = 0; i < 8; i++) {
        String clientMsgId = "c-" + i;
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  return clientMsgId.equals(store.use("u1", clientMsgId).usedBy())
                      ? clientMsgId
                      : null;
                }));
      }
      start.countDown();
      int winners = 0;
      for (var result : results) {
        if (result.get() != null) {
          winners++;
        }
      }
      assertThat(winners).isEqualTo(1);
    }
  }
}
