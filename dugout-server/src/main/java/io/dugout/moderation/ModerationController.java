package io.dugout.moderation;

import io.dugout.auth.Caller;
import io.dugout.room.RoomView;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** REST endpoints for moderating a GROUP room, under {@code /api/v1/rooms/{roomId}}. */
@RestController
@RequestMapping("/api/v1/rooms/{roomId}")
class ModerationController {

  static final int DEFAULT_PAGE = 50;
  static final int MAX_PAGE = 200;

  private final ModerationService moderation;

  ModerationController(ModerationService moderation) {
    this.moderation = moderation;
  }

  @PutMapping("/admins/{userId}")
  RoomView.MemberView appoint(
      Caller caller, @PathVariable String roomId, @PathVariable String userId) {
    return RoomView.MemberView.of(moderation.setAdmin(caller, roomId, userId, true));
  }

  @DeleteMapping("/admins/{userId}")
  RoomView.MemberView dismiss(
      Caller caller, @PathVariable String roomId, @PathVariable String userId) {
    return RoomView.MemberView.of(moderation.setAdmin(caller, roomId, userId, false));
  }

  @PutMapping("/mutes/{userId}")
  MuteView mute(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable String userId,
      @RequestBody(required = false) MuteRequest request) {
    var body = request == null ? new MuteRequest(null, null) : request;
    var mute =
        moderation.mute(
            caller,
            roomId,
            userId,
            body.seconds() == null ? null : Duration.ofSeconds(body.seconds()),
            body.reason());
    return new MuteView(mute.userId(), mute.until());
  }

  @DeleteMapping("/mutes/{userId}")
  ResponseEntity<Void> unmute(
      Caller caller, @PathVariable String roomId, @PathVariable String userId) {
    moderation.unmute(caller, roomId, userId);
    return ResponseEntity.noContent().build();
  }

  @PutMapping("/bans/{userId}")
  ResponseEntity<Void> ban(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable String userId,
      @RequestBody(required = false) ReasonRequest request) {
    moderation.ban(caller, roomId, userId, request == null ? null : request.reason());
    return ResponseEntity.noContent().build();
  }

  @DeleteMapping("/bans/{userId}")
  ResponseEntity<Void> unban(
      Caller caller, @PathVariable String roomId, @PathVariable String userId) {
    moderation.unban(caller, roomId, userId);
    return ResponseEntity.noContent().build();
  }

  @GetMapping("/bans")
  BanPage bans(
      Caller caller,
      @PathVariable String roomId,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    var page = moderation.bans(caller, roomId, cursor, size + 1);
    boolean more = page.size() > size;
    var bans = more ? page.subList(0, size) : page;
    return new BanPage(bans, more ? bans.getLast().userId() : null);
  }

  @GetMapping("/moderation")
  ModerationStore.Rules rules(Caller caller, @PathVariable String roomId) {
    return moderation.rules(caller, roomId);
  }

  @PutMapping("/freeze")
  ModerationStore.Rules freeze(
      Caller caller,
      @PathVariable String roomId,
      @RequestBody(required = false) ReasonRequest request) {
    return moderation.freeze(caller, roomId, true, request == null ? null : request.reason());
  }

  @DeleteMapping("/freeze")
  ModerationStore.Rules unfreeze(Caller caller, @PathVariable String roomId) {
    return moderation.freeze(caller, roomId, false, null);
  }

  @PutMapping("/slow-mode")
  ModerationStore.Rules slowMode(
      Caller caller, @PathVariable String roomId, @RequestBody SlowModeRequest request) {
    if (request.seconds() == null || request.seconds() < 1) {
      throw DugoutException.invalid(
          "seconds", "must be between 1 and " + ModerationService.MAX_SLOW_MODE_SECONDS);
    }
    return moderation.slowMode(caller, roomId, request.seconds(), request.reason());
  }

  @DeleteMapping("/slow-mode")
  ModerationStore.Rules clearSlowMode(Caller caller, @PathVariable String roomId) {
    return moderation.slowMode(caller, roomId, 0, null);
  }

  /** {@code seconds}: how long; absent, until unmuted. */
  record MuteRequest(Long seconds, String reason) {}

  record ReasonRequest(String reason) {}

  record SlowModeRequest(Integer seconds, String reason) {}

  /** {@code until} is absent for a mute that holds until unmuted. */
  record MuteView(String userId, Instant until) {}

  record BanPage(List<ModerationStore.Ban> bans, String nextCursor) {}
}
