package io.dugout.report;

import io.dugout.auth.Caller;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageService;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.time.Clock;
import java.time.Duration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Filing reports: the one place that decides who may report what.
 *
 * <ul>
 *   <li>Only a member of the room reports (through {@link MessageService#entry}, which checks
 *       membership as every read does); a service token does not report, it resolves.
 *   <li>What is reported is a message someone else sent, not deleted, not a change entry and not a
 *       SYSTEM message.
 *   <li>A reporter has at most one open report per message: reporting it again answers that report
 *       and counts nothing against their rate ({@link ReportRate}).
 * </ul>
 *
 * <p>The message is copied into the report as {@link Evidence} when it is filed, kept for {@code
 * dugout.reports.evidence-retention}.
 */
@Component
class Reports {

  static final int MAX_NOTE = 1000;

  private final ReportStore store;
  private final MessageService messages;
  private final ReportRate rate;
  private final Duration retention;
  private final Clock clock;
  private final ApplicationEventPublisher events;

  Reports(
      ReportStore store,
      MessageService messages,
      ReportProperties properties,
      Clock clock,
      ApplicationEventPublisher events) {
    this.store = store;
    this.messages = messages;
    this.rate = new ReportRate(properties, clock);
    this.retention = properties.evidenceRetention();
    this.clock = clock;
    this.events = events;
  }

  /** Files the caller's report of the message at {@code seq}; the answer says if it is new. */
  ReportStore.Added file(Caller caller, String roomId, long seq, String reason, String note) {
    if (caller.service()) {
      throw DugoutException.forbidden("a service token resolves reports; members file them");
    }
    var why = ReportReason.of(reason);
    if (note != null && note.length() > MAX_NOTE) {
      throw DugoutException.invalid("note", "is longer than " + MAX_NOTE + " characters");
    }
    Message target = messages.entry(caller, roomId, seq);
    requireReportable(caller, target);
    var now = clock.instant();
    var report =
        new Report(
            Ids.newId(clock),
            roomId,
            seq,
            caller.userId(),
            target.senderId(),
            why,
            note == null || note.isBlank() ? null : note,
            now,
            evidenceOf(target),
            now.plus(retention),
            null);
    var open = store.findOpen(caller.userId(), roomId, seq);
    if (open.isPresent()) {
      return new ReportStore.Added(open.get(), false);
    }
    rate.acquire(caller.userId());
    var added = store.add(report);
    if (added.created()) {
      events.publishEvent(new ReportFiled(added.report()));
    }
    return added;
  }

  /** A page of the queue, for service tokens. */
  java.util.List<Report> list(
      Caller caller, boolean open, String roomId, String userId, String afterId, int limit) {
    requireService(caller);
    return store.list(open, roomId, userId, afterId, limit);
  }

  /** One report, for service tokens. */
  Report find(Caller caller, String id) {
    requireService(caller);
    return store.find(id).orElseThrow(() -> DugoutException.notFound("no report " + id));
  }

  /**
   * The report, for service tokens, when its evidence names the upload {@code uploadId}; not found
   * otherwise (no such report, evidence removed, or a file it does not name).
   */
  Report withEvidenceFile(Caller caller, String id, String uploadId) {
    var report = find(caller, id);
    if (report.evidence() == null || !report.evidence().names(uploadId)) {
      throw DugoutException.notFound("the evidence of report " + id + " names no file " + uploadId);
    }
    return report;
  }

  private static void requireService(Caller caller) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may read reports");
    }
  }

  private static void requireReportable(Caller caller, Message target) {
    if (target.isChangeEntry()) {
      throw DugoutException.notReportable(
          "entry " + target.seq() + " is a change to a message, not a message: report the message");
    }
    if (target.kind() == MessageKind.SYSTEM) {
      throw DugoutException.notReportable("a SYSTEM message cannot be reported");
    }
    if (target.deleted()) {
      throw DugoutException.notReportable("message " + target.seq() + " was deleted");
    }
    if (caller.userId().equals(target.senderId())) {
      throw DugoutException.ownMessage("a member cannot report their own message");
    }
  }

  private static Evidence evidenceOf(Message message) {
    return new Evidence(
        message.senderId(),
        message.seq(),
        message.kind().name(),
        message.content(),
        message.attachments(),
        message.sentAt(),
        message.editedAt());
  }
}
