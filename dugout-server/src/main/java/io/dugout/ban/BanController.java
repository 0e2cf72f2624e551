package io.dugout.ban;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * REST endpoints for bans from the deployment, for service tokens: {@code
 * /api/v1/users/{userId}/ban} and the list at {@code /api/v1/bans}.
 */
@RestController
class BanController {

  static final int DEFAULT_PAGE = 50;
  static final int MAX_PAGE = 100;

  private final Bans bans;
  private final Clock clock;

  BanController(Bans bans, Clock clock) {
    this.bans = bans;
    this.clock = clock;
  }

  @PutMapping("/api/v1/users/{userId}/ban")
  BanView ban(
      Caller caller, @PathVariable String userId, @RequestBody(required = false) BanRequest body) {
    var request = body == null ? new BanRequest(null, null, null) : body;
    return BanView.of(bans.ban(caller, userId, request.reason(), request.end(clock), null));
  }

  @DeleteMapping("/api/v1/users/{userId}/ban")
  ResponseEntity<Void> unban(Caller caller, @PathVariable String userId) {
    bans.unban(caller, userId);
    return ResponseEntity.noContent().build();
  }

  @GetMapping("/api/v1/users/{userId}/ban")
  BanView read(Caller caller, @PathVariable String userId) {
    return bans.find(caller, userId)
        .map(BanView::of)
        .orElseThrow(() -> DugoutException.notFound("user " + userId + " is not banned"));
  }

  @GetMapping("/api/v1/bans")
  Page list(
      Caller caller,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    String after = cursor == null || cursor.isEmpty() ? null : decode(cursor);
    var found = bans.list(caller, after, size + 1);
    boolean more = found.size() > size;
    var page = (more ? found.subList(0, size) : found).stream().map(BanView::of).toList();
    return new Page(page, more ? encode(page.getLast().userId()) : null);
  }

  private static String encode(String userId) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(userId.getBytes(StandardCharsets.UTF_8));
  }

  private static String decode(String cursor) {
    try {
      return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw DugoutException.invalid("cursor", "is not a cursor this server gave out");
    }
  }

  /**
   * A ban as asked for: {@code until} an instant, or for a {@code duration} (ISO-8601, {@code
   * P7D}), or neither for a ban until unbanned.
   */
  record BanRequest(String reason, Instant until, String duration) {

    Instant end(Clock clock) {
      if (duration == null) {
        return until;
      }
      if (until != null) {
        throw DugoutException.invalid("duration", "give until or duration, not both");
      }
      return clock.instant().plus(Durations.parse("duration", duration));
    }
  }

  /** A ban as the API shows it. */
  record BanView(String userId, String reason, String bannedBy, Instant bannedAt, Instant until) {

    static BanView of(Ban ban) {
      return new BanView(ban.userId(), ban.reason(), ban.bannedBy(), ban.bannedAt(), ban.until());
    }
  }

  /** A page of bans and the cursor of the next page (null on the last page). */
  record Page(List<BanView> bans, String nextCursor) {}
}
