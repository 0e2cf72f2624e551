package io.dugout.message;

/**
 * What makes a send the retry of an earlier one: the same sender's same {@code clientMsgId} in the
 * same room. A store holds each key at most once; the entry holding it is the send's original.
 */
public record RetryKey(String roomId, String senderId, String clientMsgId) {

  /** The key a sequenced draft (or a stored entry) holds. */
  public static RetryKey of(Message message) {
    return new RetryKey(message.roomId(), message.senderId(), message.clientMsgId());
  }
}
