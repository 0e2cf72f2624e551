package io.dugout.file;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two steps of an upload: a member opens a slot for a room, then the bytes arrive on the slot's
 * signed URL, are stored whole, and are kept only when they are exactly the size promised and of an
 * allowed type detected from the bytes themselves. A photo is kept without its location and with a
 * thumbnail ({@link Images}).
 */
final class UploadSlots {

  private static final Logger log = LoggerFactory.getLogger(UploadSlots.class);

  private static final int MAX_NAME = 255;
  private static final int MAX_TYPE = 127;

  private final UploadStore uploads;
  private final FileStore files;
  private final FileRights rights;
  private final UploadSigner signer;
  private final FileTypes types;
  private final long maxSize;
  private final Duration expiry;
  private final Clock clock;
  private final UploadRate rate;
  private final Set<String> receiving = ConcurrentHashMap.newKeySet();

  UploadSlots(
      UploadStore uploads,
      FileStore files,
      FileRights rights,
      UploadSigner signer,
      FileTypes types,
      FileProperties properties,
      Clock clock) {
    this.uploads = uploads;
    this.files = files;
    this.rights = rights;
    this.signer = signer;
    this.types = types;
    this.maxSize = properties.maxSize().toBytes();
    this.expiry = properties.uploadExpiry();
    this.clock = clock;
    this.rate = new UploadRate(properties, clock);
  }

  /** The key of an upload's bytes in the {@link FileStore}. */
  static String key(String uploadId) {
    return "uploads/" + uploadId;
  }

  /** The key of an image upload's thumbnail in the {@link FileStore}. */
  static String thumbnailKey(String uploadId) {
    return "thumbnails/" + uploadId;
  }

  /** Opens a slot for the caller in the room. */
  Slot open(Caller caller, String roomId, String name, Long size, String type) {
    rights.requireUploader(caller, roomId);
    requireName(name);
    if (size == null) {
      throw DugoutException.invalid("size", "is required");
    }
    if (size < 1) {
      throw DugoutException.invalid("size", "must be 1 or more");
    }
    if (size > maxSize) {
      throw DugoutException.tooLarge(
          "size: a file may have at most " + maxSize + " bytes (dugout.files.max-size)");
    }
    if (type == null || type.isBlank() || type.length() > MAX_TYPE) {
      throw DugoutException.invalid("type", "is required, at most " + MAX_TYPE + " characters");
    }
    if (!types.allowed(type.strip())) {
      throw DugoutException.unsupportedType("files of type " + type + " are not allowed here");
    }
    // why: last, so that only a slot that would open counts against the caller's rate
    rate.acquire(caller);
    Instant now = clock.instant();
    // why: whole seconds, as the signature signs the expiry second
    Instant expiresAt =
        now.plus(expiry).plusSeconds(1).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    var upload =
        Upload.pending(
            Ids.newId(clock), roomId, caller.userId(), name, size, type.strip(), now, expiresAt);
    uploads.put(upload);
    return new Slot(upload, signer.sign(upload.id(), expiresAt));
  }

  /** An open slot and the signature of its upload URL. */
  record Slot(Upload upload, String signature) {}

  /**
   * Stores the bytes of an upload sent to its signed URL.
   *
   * @param contentLength the request's {@code Content-Length}, or -1 when it has none
   */
  Upload receive(
      String uploadId, long expires, String signature, long contentLength, InputStream body) {
    // why: no slot expires outside Instant's range, so no signature is good for such an expiry
    boolean representable =
        expires >= Instant.MIN.getEpochSecond() && expires <= Instant.MAX.getEpochSecond();
    Instant expiresAt = representable ? Instant.ofEpochSecond(expires) : Instant.MIN;
    if (signature == null || !representable || !signer.verifies(uploadId, expiresAt, signature)) {
      throw DugoutException.forbidden("the upload URL's signature is not valid");
    }
    if (!clock.instant().isBefore(expiresAt)) {
      throw DugoutException.forbidden("the upload URL expired at " + expiresAt);
    }
    // why: one PUT at a time per upload (a slot is one node's until a shared store comes), and its
    // state read only once it holds the upload, so a second PUT cannot replace stored bytes
    if (!receiving.add(uploadId)) {
      throw DugoutException.conflict("the bytes of upload " + uploadId + " are being uploaded");
    }
    try {
      Upload upload = uploads.get(uploadId);
      if (upload == null) {
        throw DugoutException.notFound("no upload " + uploadId);
      }
      if (upload.isStored()) {
        throw DugoutException.conflict("the bytes of upload " + uploadId + " are already stored");
      }
      return receive(upload, contentLength, body);
    } finally {
      receiving.remove(uploadId);
    }
  }

  private Upload receive(Upload upload, long contentLength, InputStream body) {
    long declared = upload.declaredSize();
    if (contentLength > declared) {
      throw tooLarge(declared);
    }
    if (contentLength >= 0 && contentLength < declared) {
      throw wrongSize(contentLength, declared);
    }
    try {
      return store(upload, body);
    } catch (FileStore.TooLarge e) {
      throw tooLarge(declared);
    } catch (IOException e) {
      throw new UncheckedIOException("could not store upload " + upload.id(), e);
    }
  }

  private Upload store(Upload upload, InputStream body) throws IOException {
    String key = key(upload.id());
    long size = files.put(key, body, upload.declaredSize());
    if (size != upload.declaredSize()) {
      files.delete(key);
      throw wrongSize(size, upload.declaredSize());
    }
    String type;
    try (var bytes = files.get(key)) {
      type = types.detect(bytes, upload.name());
    }
    if (!types.allowed(type)) {
      files.delete(key);
      throw DugoutException.unsupportedType(
          "the file is "
              + type
              + ", which is not allowed here (declared: "
              + upload.declaredType()
              + ")");
    }
    if (!FileTypes.isImage(type)) {
      var stored = upload.stored(type, size, null, null, null);
      uploads.put(stored);
      return stored;
    }
    return storeImage(upload, key, type);
  }

  /**
   * A photo's location taken out of what is kept, its size read and its thumbnail made, once,
   * before anyone but the uploader can download it.
   */
  private Upload storeImage(Upload upload, String key, String type) throws IOException {
    byte[] bytes;
    try (var in = files.get(key)) {
      bytes = in.readAllBytes();
    }
    byte[] clean;
    try {
      clean = Images.withoutLocation(type, bytes);
    } catch (IOException e) {
      files.delete(key);
      throw DugoutException.unsupportedType(e.getMessage());
    }
    if (clean != bytes) {
      files.put(key, new ByteArrayInputStream(clean), clean.length);
      bytes = clean;
    }
    int[] dimensions = FileTypes.size(new ByteArrayInputStream(bytes));
    String thumbnailType = null;
    if (dimensions != null) {
      var thumbnail = thumbnail(upload, bytes);
      if (thumbnail != null) {
        files.put(
            thumbnailKey(upload.id()),
            new ByteArrayInputStream(thumbnail.bytes()),
            thumbnail.bytes().length);
        thumbnailType = thumbnail.type();
      }
    }
    var stored =
        upload.stored(
            type,
            bytes.length,
            dimensions == null ? null : dimensions[0],
            dimensions == null ? null : dimensions[1],
            thumbnailType);
    uploads.put(stored);
    return stored;
  }

  private static Images.Thumbnail thumbnail(Upload upload, byte[] bytes) {
    try {
      return Images.thumbnail(bytes);
    } catch (IOException | RuntimeException e) {
      // why: a picture the decoder cannot read is still a file the room may download
      log.info("No thumbnail for upload {}: {}", upload.id(), e.toString());
      return null;
    }
  }

  private static RuntimeException tooLarge(long declared) {
    return DugoutException.tooLarge("the upload has more than the " + declared + " bytes declared");
  }

  private static RuntimeException wrongSize(long size, long declared) {
    return DugoutException.invalid(
        "size", "the upload had " + size + " bytes, not the " + declared + " declared");
  }

  private static void requireName(String name) {
    if (name == null || name.isBlank()) {
      throw DugoutException.invalid("name", "is required");
    }
    if (name.length() > MAX_NAME) {
      throw DugoutException.invalid("name", "must be at most " + MAX_NAME + " characters");
    }
    for (int i = 0; i < name.length(); i++) {
      if (Character.isISOControl(name.charAt(i))) {
        throw DugoutException.invalid("name", "must not contain control characters");
      }
    }
  }
}
