package io.dugout.realtime;

import io.dugout.message.Attachment;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.room.RoomView;
import java.time.Instant;
import java.util.List;

/** The JSON bodies of MESSAGE frames; every one starts with its {@code type}. */
final class RealtimeBodies {

  private RealtimeBodies() {}

  record MessageBody(
      String type,
      String roomId,
      long seq,
      String senderId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      String clientMsgId,
      Instant sentAt) {

    static MessageBody of(Message m) {
      return new MessageBody(
          "message", m.roomId(), m.seq(), m.senderId(), m.kind(), m.content(), m.attachments(), m.clientMsgId(), m.sentAt());
    }
  }

  /** {@code member.joined}, {@code member.left} and {@code typing}. */
  record MemberBody(String type, String roomId, String userId) {}

  record ReadBody(String type, String roomId, String userId, long seq) {}

  record RoomJoinedBody(String type, RoomView room) {}

  record RoomLeftBody(String type, String roomId) {}

  /** A non-fatal problem with one SEND, on {@code /user/queue/errors}. */
  record ErrorBody(
      String type,
      String code,
      String message,
      String destination,
      String clientMsgId,
      String receipt,
      String field) {}
}
