package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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

  @Test
  void releaseMarksAnExistingUploadAndNeverMakesOne() {
    store.put(slot("u1").stored("image/jpeg", 1000, null, null, null));
    store.use("u1", "c-1");
    var release = new Upload.Release("r1", 7, T0.plusSeconds(60));

    Upload marked = store.release("u1", release);

    assertThat(marked.release()).isEqualTo(release);
    assertThat(marked.usedBy()).isEqualTo("c-1");
    assertThat(store.get("u1")).isEqualTo(marked);
    assertThat(store.release("missing", release)).isNull();
    assertThat(store.get("missing")).isNull();
  }

  @Test
  void aLaterPutKeepsTheReleaseMark() {
    store.put(slot("u1"));
    var release = new Upload.Release("r1", 7, T0.plusSeconds(60));
    store.release("u1", release);

    store.put(slot("u1").stored("image/jpeg", 1000, null, null, null));

    assertThat(store.get("u1").release()).isEqualTo(release);
  }

  @Test
  void unreleaseClearsOnlyTheMarkItWasGiven() {
    store.put(slot("u1"));
    var first = new Upload.Release("r1", 7, T0.plusSeconds(60));
    var second = new Upload.Release("r1", 7, T0.plusSeconds(120));
    store.release("u1", second);

    assertThat(store.unrelease("u1", first)).isFalse();
    assertThat(store.get("u1").release()).isEqualTo(second);
    assertThat(store.unrelease("u1", second)).isTrue();
    assertThat(store.get("u1").release()).isNull();
    assertThat(store.unrelease("u1", second)).isFalse();
    assertThat(store.unrelease("missing", second)).isFalse();
    assertThat(store.get("missing")).isNull();
  }

  @Test
  void expiredUnusedFindsUnusedUploadsWhoseSlotExpiredBeforeTheGivenTime() {
    store.put(slot("pending"));
    store.put(slot("stored").stored("image/jpeg", 1000, null, null, null));
    store.put(slot("used").stored("image/jpeg", 1000, null, null, null));
    store.use("used", "c-1");
    store.put(
        Upload.pending("later", "r1", "alice", "a.txt", 3, "text/plain", T0, T0.plusSeconds(3600)));
    Instant after = T0.plusSeconds(901);

    assertThat(store.expiredUnused(after, 10))
        .extracting(Upload::id)
        .containsExactlyInAnyOrder("pending", "stored");
    assertThat(store.expiredUnused(T0.plusSeconds(900), 10))
        .as("a slot expiring at the given time is not yet expired before it")
        .isEmpty();
    assertThat(store.expiredUnused(after, 1)).hasSize(1);
    assertThat(store.expiredUnused(after, 0)).isEmpty();
  }

  @Test
  void releasingFindsUploadsMarkedBeforeTheGivenTime() {
    for (String id : List.of("old", "new", "none")) {
      store.put(slot(id).stored("image/jpeg", 1000, null, null, null));
      store.use(id, "c-" + id);
    }
    store.release("old", new Upload.Release("r1", 1, T0.plusSeconds(10)));
    store.release("new", new Upload.Release("r1", 2, T0.plusSeconds(100)));

    assertThat(store.releasing(T0.plusSeconds(50), 10))
        .extracting(Upload::id)
        .containsExactly("old");
    assertThat(store.releasing(T0.plusSeconds(200), 10))
        .extracting(Upload::id)
        .containsExactlyInAnyOrder("old", "new");
    assertThat(store.releasing(T0.plusSeconds(200), 1)).hasSize(1);
  }

  @Test
  void aHeldUploadKeepsItsMessageAndLeavesTheSweepsQueriesOnceItsMarkIsCleared() throws Exception {
    store.put(slot("u1").stored("image/jpeg", 1000, 640, 480, "image/jpeg"));
    store.use("u1", "c-1");
    var release = new Upload.Release("r1", 7, T0.plusSeconds(10));
    Upload marked = store.release("u1", release);

    // why: as UploadRemoval keeps a held upload: the state first, then the mark cleared
    store.put(marked.held());
    assertThat(store.releasing(T0.plusSeconds(50), 10)).extracting(Upload::id).contains("u1");
    assertThat(store.unrelease("u1", release)).isTrue();
    store = reopen();

    Upload held = store.get("u1");
    assertThat(held.state()).isEqualTo(Upload.State.HELD);
    assertThat(held.usedBy()).isEqualTo("c-1");
    assertThat(held.release()).isNull();
    assertThat(held.size()).isEqualTo(1000);
    assertThat(store.releasing(T0.plusSeconds(3600), 10)).isEmpty();
    assertThat(store.expiredUnused(T0.plusSeconds(3600), 10)).isEmpty();
  }

  @Test
  void deleteRemovesTheRecordAndIsIdempotent() throws Exception {
    store.put(slot("u1"));
    store.put(slot("u2"));

    store.delete("u1");
    store.delete("u1");
    store.delete("missing");

    assertThat(store.get("u1")).isNull();
    assertThat(store.get("u2")).isEqualTo(slot("u2"));
    assertThat(store.expiredUnused(T0.plusSeconds(901), 10))
        .extracting(Upload::id)
        .containsExactly("u2");
    store = reopen();
    assertThat(store.get("u1")).isNull();
  }
}
