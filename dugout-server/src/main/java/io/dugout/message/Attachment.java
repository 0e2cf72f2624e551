package io.dugout.message;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A file a message carries: a file Dugout stores (named by {@code uploadId} when sent, its {@code
 * url} then Dugout's own stable download path), or metadata of a file that lives elsewhere.
 *
 * @param size the file's size in bytes; for an upload, given by Dugout (a sender may state it)
 * @param uploadId the upload whose file this is; null for a file that lives elsewhere
 * @param width an image's width in pixels, when known
 * @param height an image's height in pixels, when known
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Attachment(
    String url,
    String name,
    Long size,
    String mime,
    String uploadId,
    Integer width,
    Integer height) {

  /** Metadata of a file that lives elsewhere. */
  public Attachment(String url, String name, long size, String mime) {
    this(url, name, size, mime, null, null, null);
  }

  /** A file Dugout stores, as sent: named by its upload id alone. */
  public static Attachment upload(String uploadId) {
    return new Attachment(null, null, null, null, uploadId, null, null);
  }
}
