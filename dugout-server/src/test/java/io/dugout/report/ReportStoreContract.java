package io.dugout.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Attachment;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link ReportStore} adapter must do; an adapter's test only opens a store. */
public abstract class ReportStoreContract {

  protected static final Instant T0 = Instant.parse("2026-11-22T04:00:00.123456789Z");
  private static final Duration RETENTION = Duration.ofDays(90);

  protected ReportStore store;
  private int ids;

  protected abstract ReportStore openEmpty() throws Exception;

  /** The same store, closed and opened again. */
  protected abstract ReportStore reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  /** Ids in the order they are made, as UUIDv7 ids are. */
  private String nextId() {
    return String.format("0190%04d-0000-7000-8000-%s", ++ids, "000000000000");
  }

  private Report report(String reporter, String room, long seq, String sender) {
    var evidence =
        new Evidence(
            sender,
            seq,
            "IMAGE",
            "look at this",
            List.of(new Attachment("/files/u1", "a.png", 10L, "image/png", "u1", 4, 3)),
            T0.minusSeconds(60),
            null);
    return new Report(
        nextId(),
        room,
        seq,
        reporter,
        sender,
        ReportReason.SCAM,
        "sent me a fake link",
        T0,
        evidence,
        T0.plus(RETENTION),
        null);
  }

  private static Report.Resolution dismissed() {
    return new Report.Resolution("dismiss", "fine", "backend", T0.plusSeconds(5), null);
  }

  @Test
  void storesAReportWithItsEvidenceExactlyAsGiven() {
    var filed = report("alice", "room-1", 7, "mallory");

    var added = store.add(filed);

    assertThat(added.created()).isTrue();
    assertThat(store.find(filed.id())).contains(filed);
    assertThat(store.find("no-such-report")).isEmpty();
  }

  @Test
  void answersTheOpenReportWhenTheSameReporterReportsTheSameMessageAgain() {
    var first = report("alice", "room-1", 7, "mallory");
    store.add(first);

    var again = store.add(report("alice", "room-1", 7, "mallory"));

    assertThat(again.created()).isFalse();
    assertThat(again.report()).isEqualTo(first);
    assertThat(store.findOpen("alice", "room-1", 7)).contains(first);
    assertThat(store.findOpen("alice", "room-1", 8)).isEmpty();
    assertThat(store.findOpen("bob", "room-1", 7)).isEmpty();
    assertThat(store.add(report("bob", "room-1", 7, "mallory")).created()).isTrue();
    assertThat(store.add(report("alice", "room-1", 8, "mallory")).created()).isTrue();
    assertThat(store.add(report("alice", "room-2", 7, "mallory")).created()).isTrue();
  }

  @Test
  void letsAReporterFileAgainOnceTheirReportIsResolved() {
    var first = report("alice", "room-1", 7, "mallory");
    store.add(first);
    store.resolve(first.id(), dismissed());

    assertThat(store.findOpen("alice", "room-1", 7)).isEmpty();
    var again = store.add(report("alice", "room-1", 7, "mallory"));

    assertThat(again.created()).isTrue();
    assertThat(again.report().id()).isNotEqualTo(first.id());
  }

  @Test
  void keepsTheFirstResolution() {
    var filed = report("alice", "room-1", 7, "mallory");
    store.add(filed);

    var resolved = store.resolve(filed.id(), dismissed());
    var later =
        store.resolve(
            filed.id(),
            new Report.Resolution("ban_user", null, "backend", T0.plusSeconds(9), null));

    assertThat(resolved).contains(filed.resolved(dismissed()));
    assertThat(later).isEqualTo(resolved);
    assertThat(store.find(filed.id())).isEqualTo(resolved);
    assertThat(store.resolve("no-such-report", dismissed())).isEmpty();
  }

  @Test
  void listsOpenAndResolvedReportsInFilingOrderByRoomAndReportedUser() {
    var a = report("alice", "room-1", 1, "mallory");
    var b = report("bob", "room-2", 2, "trudy");
    var c = report("carol", "room-1", 3, "trudy");
    var d = report("dave", "room-1", 4, "mallory");
    for (var r : List.of(a, b, c, d)) {
      store.add(r);
    }
    store.resolve(d.id(), dismissed());

    assertThat(store.list(true, null, null, null, 10))
        .extracting(Report::id)
        .containsExactly(a.id(), b.id(), c.id());
    assertThat(store.list(true, null, null, null, 2))
        .extracting(Report::id)
        .containsExactly(a.id(), b.id());
    assertThat(store.list(true, null, null, b.id(), 2))
        .extracting(Report::id)
        .containsExactly(c.id());
    assertThat(store.list(true, "room-1", null, null, 10))
        .extracting(Report::id)
        .containsExactly(a.id(), c.id());
    assertThat(store.list(true, null, "trudy", null, 10))
        .extracting(Report::id)
        .containsExactly(b.id(), c.id());
    assertThat(store.list(false, null, null, null, 10))
        .extracting(Report::id)
        .containsExactly(d.id());
  }

  @Test
  void removesOnlyEvidenceThatExpiredAndKeepsTheReports() {
    var old = report("alice", "room-1", 1, "mallory");
    var newer =
        new Report(
            nextId(),
            "room-1",
            2,
            "bob",
            "mallory",
            ReportReason.SPAM,
            null,
            T0,
            old.evidence(),
            T0.plus(RETENTION).plusSeconds(10),
            null);
    store.add(old);
    store.add(newer);
    store.resolve(old.id(), dismissed());

    assertThat(store.withExpiredEvidence(T0.plus(RETENTION), 10))
        .extracting(Report::id)
        .containsExactly(old.id());
    assertThat(store.removeEvidence(newer.id(), T0.plus(RETENTION))).isFalse();
    assertThat(store.removeEvidence(old.id(), T0.plus(RETENTION))).isTrue();

    var kept = store.find(old.id()).orElseThrow();
    assertThat(kept.evidence()).isNull();
    assertThat(kept.resolution()).isEqualTo(dismissed());
    assertThat(kept.reportedUserId()).isEqualTo("mallory");
    assertThat(store.find(newer.id()).orElseThrow().evidence()).isEqualTo(old.evidence());
    assertThat(store.removeEvidence(old.id(), T0.plus(RETENTION))).isFalse();
    assertThat(store.withExpiredEvidence(T0.plus(RETENTION), 10)).isEmpty();
  }

  @Test
  void holdsTheUploadsItsEvidenceNamesUntilTheEvidenceExpires() {
    var filed = report("alice", "room-1", 1, "mallory");
    store.add(filed);

    assertThat(store.holdsUpload("u1", T0)).isTrue();
    assertThat(store.holdsUpload("u1", T0.plus(RETENTION).minusSeconds(1))).isTrue();
    assertThat(store.holdsUpload("u1", T0.plus(RETENTION))).isFalse();
    assertThat(store.holdsUpload("u2", T0)).isFalse();
  }

  @Test
  void holdsAnUploadWhileAnyEvidenceNamingItIsKept() {
    var first = report("alice", "room-1", 1, "mallory");
    var later =
        new Report(
            nextId(),
            "room-1",
            1,
            "bob",
            "mallory",
            ReportReason.SCAM,
            null,
            T0.plusSeconds(3600),
            first.evidence(),
            T0.plus(RETENTION).plusSeconds(3600),
            null);
    store.add(first);
    store.add(later);
    store.resolve(first.id(), dismissed());
    store.resolve(later.id(), dismissed());

    assertThat(store.removeEvidence(first.id(), T0.plus(RETENTION))).isTrue();
    assertThat(store.holdsUpload("u1", T0.plus(RETENTION))).isTrue();

    assertThat(store.removeEvidence(later.id(), T0.plus(RETENTION).plusSeconds(3600))).isTrue();
    assertThat(store.holdsUpload("u1", T0)).isFalse();
  }

  @Test
  void holdsNothingForEvidenceWithoutUploads() {
    var filed = report("alice", "room-1", 1, "mallory");
    var textOnly =
        new Report(
            nextId(),
            "room-1",
            2,
            "alice",
            "mallory",
            ReportReason.SPAM,
            null,
            T0,
            new Evidence("mallory", 2, "TEXT", "buy now", List.of(), T0, null),
            T0.plus(RETENTION),
            null);
    store.add(textOnly);

    assertThat(store.holdsUpload("u1", T0)).isFalse();
    store.add(filed);
    assertThat(store.holdsUpload("u1", T0)).isTrue();
  }

  @Test
  void keepsReportsAcrossARestart() throws Exception {
    var filed = report("alice", "room-1", 7, "mallory");
    store.add(filed);

    store = reopen();

    assertThat(store.find(filed.id())).contains(filed);
    assertThat(store.add(report("alice", "room-1", 7, "mallory")).created()).isFalse();
  }

  @Test
  void storesOneReportWhenTheSameMessageIsReportedManyTimesAtOnce() throws Exception {
    var outcomes = new ConcurrentLinkedQueue<ReportStore.Added>();
    var reports = new ConcurrentLinkedQueue<Report>();
    for (int i = 0; i < 16; i++) {
      reports.add(report("alice", "room-1", 7, "mallory"));
    }
    try (var pool = Executors.newFixedThreadPool(8)) {
      for (var r : reports) {
        pool.submit(() -> outcomes.add(store.add(r)));
      }
    }

    assertThat(outcomes).hasSize(16).filteredOn(ReportStore.Added::created).hasSize(1);
    assertThat(outcomes.stream().map(a -> a.report().id()).distinct()).hasSize(1);
    assertThat(store.list(true, null, null, null, 100)).hasSize(1);
  }
}
