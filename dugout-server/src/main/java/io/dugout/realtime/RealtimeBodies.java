package io.dugout.realtime;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.dugout.message.Message;
import io.dugout.notification.Notification;
import io.dugout.notification.NotificationView;
import io.dugout.room.RoomCounts;
import io.dugout.room.RoomView;

/** The JSON bodies of MESSAGE frames; every one starts with its {@code type}. */
final class RealtimeBodies {

  private RealtimeBodies() {}

  /**
   * A stored entry, as {@code {"type": "message", …the message's fields…}}, or for a change {@code
   * {"type": "message.edited", …}} and so on ({@link io.dugout.message.MessageChange}).
   */
  record MessageBody(String type, @JsonUnwrapped Message message) {

    static final String TYPE = "message";

    static MessageBody of(Message message) {
      return new MessageBody(message.isChangeEntry() ? message.change() : TYPE, message);
    }
  }

  /** {@code member.joined}, {@code member.left} and {@code typing}. */
  record MemberBody(String type, String roomId, String userId) {}

  record ReadBody(String type, String roomId, String userId, long seq) {}

  record RoomJoinedBody(String type, RoomView room) {}

  record RoomLeftBody(String type, String roomId) {}

  /** A member's new unread and mention counts of a room, on {@code /user/queue/rooms}. */
  record RoomCountsBody(
      String type, String roomId, long lastSeq, long unreadCount, long mentionCount) {

    static RoomCountsBody of(RoomCounts counts) {
      return new RoomCountsBody(
          "room.counts",
          counts.roomId(),
          counts.lastSeq(),
          counts.unreadCount(),
          counts.mentionCount());
    }
  }

  /** A new or updated notification, as {@code {"type": "notification", …its fields…}}. */
  record NotificationBody(String type, @JsonUnwrapped NotificationView notification) {

    static NotificationBody of(Notification notification) {
      return new NotificationBody("notification", NotificationView.of(notification));
    }
  }

  /**
   * A non-fatal problem with one SEND, on {@code /user/queue/errors}. {@code until} and {@code
   * retryAfter} are present only for the errors that carry them ({@code muted}, {@code slow_mode}),
   * as in the REST problem document.
   */
  record ErrorBody(
      String type,
      String code,
      String message,
      String destination,
      String clientMsgId,
      String receipt,
      String field,
      @JsonInclude(JsonInclude.Include.NON_NULL) String until,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long retryAfter) {}
}
