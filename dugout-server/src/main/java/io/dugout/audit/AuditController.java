package io.dugout.audit;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/audit}: the moderation audit log, for service tokens only. */
@RestController
class AuditController {

  static final int DEFAULT_PAGE = 50;
  static final int MAX_PAGE = 200;

  private final AuditLog audit;

  AuditController(AuditLog audit) {
    this.audit = audit;
  }

  @GetMapping("/api/v1/audit")
  Page list(
      Caller caller,
      @RequestParam(required = false) String roomId,
      @RequestParam(required = false) String userId,
      @RequestParam(required = false) String action,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may read the audit log");
    }
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    if (cursor != null) {
      try {
        UUID.fromString(cursor);
      } catch (IllegalArgumentException e) {
        throw DugoutException.invalid("cursor", "is not a cursor this log gave");
      }
    }
    var page =
        audit.list(
            new AuditLog.Query(blankToNull(roomId), blankToNull(userId), blankToNull(action)),
            cursor,
            size);
    return new Page(page.entries().stream().map(EntryView::of).toList(), page.nextCursor());
  }

  /** An entry as the API shows it: the action's fields beside the entry's id. */
  record EntryView(
      String id,
      String action,
      String actorId,
      String roomId,
      String userId,
      Long seq,
      String reason,
      Map<String, String> details,
      Instant at) {

    static EntryView of(AuditEntry entry) {
      var a = entry.action();
      return new EntryView(
          entry.id(),
          a.action(),
          a.actorId(),
          a.roomId(),
          a.userId(),
          a.seq(),
          a.reason(),
          a.details(),
          a.at());
    }
  }

  record Page(List<EntryView> entries, String nextCursor) {}

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
