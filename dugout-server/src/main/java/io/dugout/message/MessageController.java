package io.dugout.message;

import io.dugout.auth.Caller;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** REST endpoints for posting, reading and changing the messages of a room. */
@RestController
@RequestMapping("/api/v1/rooms/{roomId}/messages")
class MessageController {

  private final MessageService messages;
  private final MessageEdits edits;

  MessageController(MessageService messages, MessageEdits edits) {
    this.messages = messages;
    this.edits = edits;
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

  /** The message in its new state. */
  @PatchMapping("/{seq}")
  Message edit(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable long seq,
      @RequestBody EditMessage request) {
    return edits.edit(caller, roomId, seq, request.clientMsgId(), request.content()).message();
  }

  /** The message's tombstone. */
  @DeleteMapping("/{seq}")
  Message delete(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable long seq,
      @RequestParam(required = false) String clientMsgId) {
    return edits.delete(caller, roomId, seq, clientMsgId).message();
  }

  @PutMapping("/{seq}/reactions/{emoji}")
  Reactions react(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable long seq,
      @PathVariable String emoji,
      @RequestParam(required = false) String clientMsgId) {
    return Reactions.of(edits.react(caller, roomId, seq, emoji, clientMsgId, true).message());
  }

  @DeleteMapping("/{seq}/reactions/{emoji}")
  Reactions unreact(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable long seq,
      @PathVariable String emoji,
      @RequestParam(required = false) String clientMsgId) {
    return Reactions.of(edits.react(caller, roomId, seq, emoji, clientMsgId, false).message());
  }

  /** The body of an edit. */
  record EditMessage(String clientMsgId, String content) {}

  /** A message's reactions after a change to them. */
  record Reactions(String roomId, long seq, List<Message.Reaction> reactions) {

    static Reactions of(Message message) {
      return new Reactions(message.roomId(), message.seq(), message.reactions());
    }
  }
}
