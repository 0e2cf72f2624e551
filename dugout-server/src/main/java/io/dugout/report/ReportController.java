package io.dugout.report;

import io.dugout.auth.Caller;
import io.dugout.file.HeldUploads;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * REST endpoints for reports: members file them under a room's message; the product's backend
 * (service tokens) reads the queue under {@code /api/v1/reports}, downloads the files of the
 * evidence, and resolves them.
 */
@RestController
class ReportController {

  static final int DEFAULT_PAGE = 50;
  static final int MAX_PAGE = 100;

  private final Reports reports;
  private final ReportResolutions resolutions;
  private final ObjectProvider<HeldUploads> files;

  ReportController(
      Reports reports, ReportResolutions resolutions, ObjectProvider<HeldUploads> files) {
    this.reports = reports;
    this.resolutions = resolutions;
    this.files = files;
  }

  @PostMapping("/api/v1/rooms/{roomId}/messages/{seq}/reports")
  ResponseEntity<ReportView.Filed> file(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable long seq,
      @RequestBody FileRequest request) {
    var added = reports.file(caller, roomId, seq, request.reason(), request.note());
    return ResponseEntity.status(added.created() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(ReportView.Filed.of(added.report()));
  }

  @GetMapping("/api/v1/reports")
  Page list(
      Caller caller,
      @RequestParam(required = false) String state,
      @RequestParam(required = false) String roomId,
      @RequestParam(required = false) String userId,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    boolean open =
        switch (state == null ? "open" : state) {
          case "open" -> true;
          case "resolved" -> false;
          default -> throw DugoutException.invalid("state", "must be open or resolved");
        };
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    String after = cursor == null || cursor.isEmpty() ? null : cursor;
    var found = reports.list(caller, open, roomId, userId, after, size + 1);
    boolean more = found.size() > size;
    var page = (more ? found.subList(0, size) : found).stream().map(ReportView::of).toList();
    return new Page(page, more ? page.getLast().id() : null);
  }

  @GetMapping("/api/v1/reports/{id}")
  ReportView read(Caller caller, @PathVariable String id) {
    return ReportView.of(reports.find(caller, id));
  }

  /**
   * The bytes of a file the report's evidence names, streamed with their detected type, also after
   * the message was deleted: for service tokens, while the evidence is kept.
   */
  @GetMapping("/api/v1/reports/{id}/evidence/files/{uploadId}")
  void evidenceFile(
      Caller caller,
      @PathVariable String id,
      @PathVariable String uploadId,
      HttpServletResponse response)
      throws IOException {
    var report = reports.withEvidenceFile(caller, id, uploadId);
    var held = files.getIfAvailable();
    if (held == null) {
      throw DugoutException.notFound("this node keeps no files");
    }
    held.send(caller, report.roomId(), uploadId, response);
  }

  @PostMapping("/api/v1/reports/{id}/resolution")
  ReportView resolve(Caller caller, @PathVariable String id, @RequestBody ResolveRequest request) {
    return ReportView.of(
        resolutions.resolve(caller, id, request.action(), request.note(), request.duration()));
  }

  record FileRequest(String reason, String note) {}

  record ResolveRequest(String action, String note, String duration) {}

  /** A page of reports and the cursor of the next page (null on the last page). */
  record Page(List<ReportView> reports, String nextCursor) {}
}
