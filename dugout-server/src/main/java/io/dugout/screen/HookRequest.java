package io.dugout.screen;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.dugout.message.Attachment;
import io.dugout.message.MessageScreen;
import java.util.List;

/**
 * The JSON body of a before-send hook call: what happens ({@code send} or {@code edit}), in which
 * room, by whom, and the message as it would be stored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record HookRequest(String event, Room room, Sender sender, Body message) {

  static HookRequest of(MessageScreen.Candidate candidate, String roomType) {
    return new HookRequest(
        candidate.edit() ? "edit" : "send",
        new Room(candidate.roomId(), roomType),
        new Sender(candidate.senderId()),
        new Body(
            candidate.edit() ? candidate.editedSeq() : null,
            candidate.kind().name(),
            candidate.content(),
            candidate.attachments(),
            candidate.mentions(),
            candidate.replyTo(),
            candidate.clientMsgId()));
  }

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Room(String id, String type) {}

  record Sender(String id) {}

  /**
   * @param seq the seq of the message an edit changes; absent for a send
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Body(
      Long seq,
      String kind,
      String content,
      List<Attachment> attachments,
      List<String> mentions,
      Long replyTo,
      String clientMsgId) {}
}
