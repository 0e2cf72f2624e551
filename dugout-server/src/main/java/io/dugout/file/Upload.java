package io.dugout.file;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;

/**
 * An upload slot: a member's promise of a file for a room, then the file once its bytes arrived.
 *
 * @param id the upload id, also the key of its bytes in the {@link FileStore}
 * @param uploaderId the user who asked for the slot; only they may send a message with it
 * @param name the file name the uploader gave
 * @param declaredSize the size the uploader promised; the bytes must be exactly this many
 * @param declaredType the media type the uploader gave; never trusted, kept for the record
 * @param state {@code PENDING} until the bytes are stored and checked, then {@code STORED}; {@code
 *     HELD} once its message is deleted while its bytes are held
 * @param type the media type detected from the bytes ({@code STORED} only)
 * @param width an image's width in pixels, when it could be read ({@code STORED} only)
 * @param height an image's height in pixels, when it could be read ({@code STORED} only)
 * @param expiresAt until when the bytes may be uploaded
 * @param usedBy the {@code clientMsgId} of the uploader's message that carries it, or null
 * @param storedSize the bytes Dugout keeps and serves ({@code STORED} only): fewer than declared
 *     when a photo's location was taken out; null in uploads stored before it was recorded
 * @param thumbnailType the media type of the image's thumbnail, null when it has none
 * @param release set while the message that uses it is being deleted, so that its bytes go with it
 *     even when the deleting node stops half way; null otherwise
 */
public record Upload(
    String id,
    String roomId,
    String uploaderId,
    String name,
    long declaredSize,
    String declaredType,
    State state,
    String type,
    Integer width,
    Integer height,
    Instant createdAt,
    Instant expiresAt,
    String usedBy,
    Long storedSize,
    String thumbnailType,
    Release release) {

  /**
   * The mark of an upload whose message is being deleted: the message's place, and when the mark
   * was made. The sweep ({@link UploadSweeper}) finishes or clears a mark older than its grace.
   */
  public record Release(String roomId, long seq, Instant markedAt) {}

  /** Where an upload is in its life. */
  public enum State {
    /** The slot is open; its bytes have not arrived (or were refused). */
    PENDING,
    /** The bytes are stored, complete, and of an allowed type. */
    STORED,
    /**
     * The message that used it is deleted, but its bytes are kept because something holds them
     * ({@link UploadHolds}): a report's evidence. Nobody downloads it as a file of the room.
     */
    HELD
  }

  /** A new slot. */
  static Upload pending(
      String id,
      String roomId,
      String uploaderId,
      String name,
      long size,
      String declaredType,
      Instant now,
      Instant expiresAt) {
    return new Upload(
        id,
        roomId,
        uploaderId,
        name,
        size,
        declaredType,
        State.PENDING,
        null,
        null,
        null,
        now,
        expiresAt,
        null,
        null,
        null,
        null);
  }

  /** This upload with its bytes stored and checked. */
  Upload stored(
      String detectedType, long size, Integer width, Integer height, String thumbnailType) {
    return new Upload(
        id,
        roomId,
        uploaderId,
        name,
        declaredSize,
        declaredType,
        State.STORED,
        detectedType,
        width,
        height,
        createdAt,
        expiresAt,
        usedBy,
        size,
        thumbnailType,
        release);
  }

  /** This upload used by the message {@code clientMsgId} of its uploader. */
  public Upload usedBy(String clientMsgId) {
    return new Upload(
        id,
        roomId,
        uploaderId,
        name,
        declaredSize,
        declaredType,
        state,
        type,
        width,
        height,
        createdAt,
        expiresAt,
        clientMsgId,
        storedSize,
        thumbnailType,
        release);
  }

  /** This upload with the release mark {@code release}, or without one when it is null. */
  public Upload releasing(Release release) {
    return new Upload(
        id,
        roomId,
        uploaderId,
        name,
        declaredSize,
        declaredType,
        state,
        type,
        width,
        height,
        createdAt,
        expiresAt,
        usedBy,
        storedSize,
        thumbnailType,
        release);
  }

  /** The bytes Dugout serves for this upload. */
  @JsonIgnore
  public long size() {
    return storedSize != null ? storedSize : declaredSize;
  }

  /** Whether its bytes are stored (also while they are only held). */
  @JsonIgnore
  boolean isStored() {
    return state != State.PENDING;
  }

  @JsonIgnore
  boolean isHeld() {
    return state == State.HELD;
  }

  /** This upload kept only for what holds it, without its release mark. */
  Upload held() {
    return new Upload(
        id,
        roomId,
        uploaderId,
        name,
        declaredSize,
        declaredType,
        State.HELD,
        type,
        width,
        height,
        createdAt,
        expiresAt,
        usedBy,
        storedSize,
        thumbnailType,
        null);
  }
}
