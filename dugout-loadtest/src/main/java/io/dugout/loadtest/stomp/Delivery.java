package io.dugout.loadtest.stomp;

/**
 * One MESSAGE frame, reduced to what the measurements need.
 *
 * @param subscription the {@code subscription} header
 * @param seq the body's {@code seq} (for a change to a message, the change's own), or -1 when it
 *     has none
 * @param type the body's {@code type}: a message, a change to one, or {@link EntryType#OTHER}
 * @param stamp the send stamp parsed from the body's {@code clientMsgId}, or null when the message
 *     (or change) was not sent by this tool
 * @param code the body's {@code code} for bodies without a {@code seq} (an error on {@code
 *     /user/queue/errors}), otherwise null
 * @param receivedNanos {@link SendStamp#now()} when the frame was decoded
 */
public record Delivery(
    String subscription,
    long seq,
    EntryType type,
    SendStamp stamp,
    String code,
    long receivedNanos) {

  /** Microseconds from send to receipt, at least 1. */
  public long latencyMicros() {
    return Math.max(1, (receivedNanos - stamp.sentNanos()) / 1000);
  }
}
