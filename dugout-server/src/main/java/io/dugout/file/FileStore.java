package io.dugout.file;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Where the bytes of uploaded files are kept, by key. Keys are paths of segments separated by
 * {@code /}, each segment letters, digits, {@code -}, {@code _} or {@code .} (never {@code .} or
 * {@code ..} alone); the caller chooses them.
 *
 * <ul>
 *   <li><b>put is atomic</b>: an object is either whole or absent. A put that fails (the stream
 *       throws, it is over its limit, the disk fills) leaves the key as it was before; a put that
 *       returns has the object durable (on the disk, not only in a cache). Putting a key again
 *       replaces the object whole.
 *   <li><b>get streams</b>: the bytes are read from the store as the caller reads them, never held
 *       in memory whole. An object replaced while it is read is read either old or new, never
 *       mixed.
 *   <li><b>delete is idempotent</b>: deleting a key that is absent does nothing.
 *   <li><b>list</b> finds objects by key prefix and age, for sweeps that remove what nothing uses;
 *       it sees objects whose put had returned before it began.
 * </ul>
 *
 * <p>Thread-safe. Several nodes may share one store (an S3-compatible bucket, {@code S3FileStore});
 * the embedded adapter ({@code LocalFileStore}) is on one node's disk. A store that can let clients
 * move bytes to and from it directly also implements {@link Presigning}.
 */
public interface FileStore {

  /**
   * Stores the bytes of {@code content} under {@code key}, reading it to its end.
   *
   * @param maxBytes the most bytes the object may have
   * @return how many bytes were stored
   * @throws TooLarge when {@code content} holds more than {@code maxBytes}; nothing is stored
   * @throws IOException when reading {@code content} or writing fails; nothing is stored
   */
  long put(String key, InputStream content, long maxBytes) throws IOException;

  /**
   * The object's bytes, streamed; the caller closes the stream.
   *
   * @return null when there is no object under {@code key}
   */
  InputStream get(String key) throws IOException;

  /** Removes the object under {@code key}, if there is one. */
  void delete(String key) throws IOException;

  /**
   * The objects whose key starts with {@code prefix} and that were stored before {@code before}, in
   * no particular order, at most {@code limit} of them.
   */
  List<StoredObject> list(String prefix, Instant before, int limit) throws IOException;

  /** An object as {@link #list} sees it. */
  record StoredObject(String key, long size, Instant storedAt) {}

  /** Thrown by {@link #put} when the content is over its limit. */
  final class TooLarge extends IOException {
    public TooLarge(long maxBytes) {
      super("the content is over " + maxBytes + " bytes");
    }
  }

  /**
   * The optional capability of a store to hand out short-lived URLs, so that a client moves bytes
   * straight to and from the store instead of through Dugout. A URL is a bearer link: anyone who
   * holds it may use it until it expires, and the store checks nothing else (no membership, no
   * type). So a caller signs one only for someone allowed to act on the key at that moment, for
   * seconds or minutes, never for a link kept in a message.
   *
   * <ul>
   *   <li>A URL stops working when {@code validFor} has passed since it was signed, by the signing
   *       node's clock as the store compares it with its own (so clocks must agree within the
   *       store's skew allowance); S3 accepts at most 7 days.
   *   <li>A pre-signed PUT stores one object under the key with the port's {@link #put} guarantees
   *       (atomic, replaces the object whole), may be used again until it expires, and is refused
   *       by the store unless it carries exactly {@code bytes} bytes and the headers given. Nothing
   *       checks what the bytes are: the caller reads the object back before trusting it.
   *   <li>A pre-signed GET reads the object as {@link #get} does; a key with no object answers the
   *       store's not-found error. The store answers it with exactly the {@code Content-Type},
   *       {@code Content-Disposition} and {@code Cache-Control} of the {@link ServedAs} it was
   *       signed with, whatever the object was stored with; they are part of the signature, so
   *       whoever holds the URL cannot change them. No other header can be set this way ({@code
   *       X-Content-Type-Options} among them): the bytes come from the store's origin, never
   *       Dugout's.
   * </ul>
   */
  interface Presigning {

    /**
     * A URL that GETs the object under {@code key}, valid for {@code validFor}, answered with the
     * headers of {@code servedAs}.
     */
    URI presignGet(String key, Duration validFor, ServedAs servedAs);

    /**
     * A URL that PUTs exactly {@code bytes} bytes under {@code key}, valid for {@code validFor}.
     */
    PresignedPut presignPut(String key, long bytes, Duration validFor);
  }

  /**
   * The headers a pre-signed GET is answered with, as they are sent: a media type, a whole {@code
   * Content-Disposition} value (its file name encoded) and a {@code Cache-Control} value.
   */
  record ServedAs(String contentType, String contentDisposition, String cacheControl) {}

  /**
   * A pre-signed PUT: the URL, and the headers a client must send with it as given (they are part
   * of the signature).
   */
  record PresignedPut(URI url, Map<String, String> headers) {}
}
