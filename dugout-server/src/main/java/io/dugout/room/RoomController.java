package io.dugout.room;

import io.dugout.auth.Caller;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** REST endpoints for rooms, members, read markers and mutes under {@code /api/v1/rooms}. */
@RestController
@RequestMapping("/api/v1/rooms")
class RoomController {

  private final RoomService rooms;
  private final RoomList roomList;

  RoomController(RoomService rooms, RoomList roomList) {
    this.rooms = rooms;
    this.roomList = roomList;
  }

  @PostMapping
  ResponseEntity<RoomView> create(Caller caller, @RequestBody NewRoom request) {
    var created = rooms.create(caller, request);
    return ResponseEntity.status(created.created() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(created.room());
  }

  @GetMapping
  RoomList.Page list(
      Caller caller,
      @RequestParam(required = false) String userId,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    return roomList.list(caller, userId, limit, cursor);
  }

  @GetMapping("/{roomId}")
  RoomView get(Caller caller, @PathVariable String roomId) {
    return rooms.get(caller, roomId);
  }

  @PostMapping("/{roomId}/enter")
  RoomService.Entered enter(Caller caller, @PathVariable String roomId) {
    return rooms.enter(caller, roomId);
  }

  @PostMapping("/{roomId}/members")
  ResponseEntity<RoomView.MemberView> addMember(
      Caller caller, @PathVariable String roomId, @RequestBody MemberRequest request) {
    var added = rooms.addMember(caller, roomId, request.userId());
    return ResponseEntity.status(added.added() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(added.member());
  }

  @DeleteMapping("/{roomId}/members/{userId}")
  ResponseEntity<Void> removeMember(
      Caller caller, @PathVariable String roomId, @PathVariable String userId) {
    rooms.removeMember(caller, roomId, userId);
    return ResponseEntity.noContent().build();
  }

  @PostMapping("/{roomId}/read")
  RoomService.ReadMarker read(
      Caller caller, @PathVariable String roomId, @RequestBody ReadRequest request) {
    return rooms.markRead(caller, roomId, request.userId(), request.seq());
  }

  /** Mutes the room for the caller ({@code userId}: for service tokens muting it for a user). */
  @PutMapping("/{roomId}/mute")
  RoomView.MemberView mute(
      Caller caller, @PathVariable String roomId, @RequestParam(required = false) String userId) {
    return rooms.setMuted(caller, roomId, userId, true);
  }

  @DeleteMapping("/{roomId}/mute")
  RoomView.MemberView unmute(
      Caller caller, @PathVariable String roomId, @RequestParam(required = false) String userId) {
    return rooms.setMuted(caller, roomId, userId, false);
  }

  record MemberRequest(String userId) {}

  /** {@code userId} is for service tokens moving a user's marker. */
  record ReadRequest(Long seq, String userId) {}
}
