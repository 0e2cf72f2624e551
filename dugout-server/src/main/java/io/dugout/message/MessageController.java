package io.dugout.message;

import io.dugout.auth.Caller;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** REST endpoints for posting and reading messages of a room. */
@RestController
@RequestMapping("/api/v1/rooms/{roomId}/messages")
class MessageController {

  private final MessageService messages;

  MessageController(MessageService messages) {
    this.messages = messages;
  }

  @PostMapping
  ResponseEntity<Message> post(
      Caller caller, @PathVariable String roomId, @RequestBody PostMessage request) {
    var appended = messages.post(caller, roomId, request);
    return ResponseEntity.status(appended.created() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(appended.message());
  }

  @GetMapping
  HistoryPage history(
      Caller caller,
      @PathVariable String roomId,
      @RequestParam(required = false) Long before,
      @RequestParam(required = false) Long after,
      @RequestParam(required = false) Integer limit) {
    return messages.history(caller, roomId, before, after, limit);
  }
}
