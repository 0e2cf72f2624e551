package io.dugout.report;

import io.dugout.audit.ModerationAction;
import io.dugout.auth.Caller;
import io.dugout.ban.Bans;
import io.dugout.ban.Durations;
import io.dugout.message.MessageEdits;
import io.dugout.system.DugoutException;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Resolving reports, for service tokens only: {@code dismiss}; {@code delete_message}, through the
 * same delete path as any delete, as a service; {@code ban_user}, the reported sender banned from
 * the deployment through {@link Bans}, optionally for a {@code duration}.
 *
 * <p>Idempotent: the action is applied first (deleting a deleted message and banning a banned user
 * change nothing), then the resolution is recorded by the store's compare-and-set. The first
 * resolution recorded is the report's; a repeated or racing one answers it and applies nothing more
 * once it is recorded. A {@link ModerationAction} {@code report.resolved} is published for the
 * resolution that was recorded, after it is durable.
 */
@Component
class ReportResolutions {

  static final int MAX_NOTE = 1000;

  /** The actions a resolution may take. */
  enum Action {
    DISMISS,
    DELETE_MESSAGE,
    BAN_USER;

    String wire() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Action of(String value) {
      for (Action action : values()) {
        if (action.wire().equals(value)) {
          return action;
        }
      }
      throw DugoutException.invalid("action", "must be one of dismiss, delete_message, ban_user");
    }
  }

  private final ReportStore store;
  private final MessageEdits edits;
  private final Bans bans;
  private final Clock clock;
  private final ApplicationEventPublisher events;

  ReportResolutions(
      ReportStore store,
      MessageEdits edits,
      Bans bans,
      Clock clock,
      ApplicationEventPublisher events) {
    this.store = store;
    this.edits = edits;
    this.bans = bans;
    this.clock = clock;
    this.events = events;
  }

  Report resolve(Caller caller, String id, String actionName, String note, String duration) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may resolve a report");
    }
    var action = Action.of(actionName);
    if (note != null && note.length() > MAX_NOTE) {
      throw DugoutException.invalid("note", "is longer than " + MAX_NOTE + " characters");
    }
    if (duration != null && action != Action.BAN_USER) {
      throw DugoutException.invalid("duration", "is only for ban_user");
    }
    var report = store.find(id).orElseThrow(() -> DugoutException.notFound("no report " + id));
    if (!report.open()) {
      return report;
    }
    Instant now = clock.instant();
    Instant until = duration == null ? null : now.plus(Durations.parse("duration", duration));
    switch (action) {
      case DISMISS -> {}
      case DELETE_MESSAGE ->
          edits.delete(caller, report.roomId(), report.seq(), "report-" + report.id());
      case BAN_USER -> bans.ban(caller, report.reportedUserId(), note, until, report.id());
    }
    var resolution = new Report.Resolution(action.wire(), note, caller.userId(), now, until);
    var resolved = store.resolve(id, resolution).orElseThrow();
    if (resolution.equals(resolved.resolution())) {
      events.publishEvent(
          new ModerationAction(
              "report.resolved",
              "service",
              report.roomId(),
              report.reportedUserId(),
              report.seq(),
              note,
              Map.of("reportId", report.id(), "resolution", action.wire()),
              now));
    }
    return resolved;
  }
}
