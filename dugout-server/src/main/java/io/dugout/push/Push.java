package io.dugout.push;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * One push to one device: what the phone shows and what the app needs to open the conversation.
 *
 * @param title the room's title, or the sender for a room without one, or the notification's title
 * @param body the message's preview, or "New message" in the device's language when the device or
 *     deployment hides previews
 * @param roomId the room to open; null for a notification that is not about a room
 * @param seq the message's seq in the room; 0 when there is no room
 * @param senderId who sent the message; null when there is no room
 * @param notificationId the stored notification this push shows
 * @param kind the notification's kind ({@code chat.message}, or the product's own)
 * @param badge the user's total unread count
 * @param collapseKey pushes with one key replace each other on the phone: one per room for chat
 * @param storedAt when the notification was stored, from which the accepted latency is measured
 */
public record Push(
    Device device,
    String title,
    String body,
    String roomId,
    long seq,
    String senderId,
    String notificationId,
    String kind,
    int badge,
    String collapseKey,
    Instant storedAt) {

  /** APNs takes a collapse id of at most 64 bytes. */
  static final int MAX_APNS_COLLAPSE_ID = 64;

  /**
   * The collapse key as APNs takes it: itself when it fits in 64 bytes, else the hex of its SHA-256
   * cut to 64 characters, the same for the same key.
   */
  public String apnsCollapseId() {
    byte[] bytes = collapseKey.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= MAX_APNS_COLLAPSE_ID) {
      return collapseKey;
    }
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
          .substring(0, MAX_APNS_COLLAPSE_ID);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
