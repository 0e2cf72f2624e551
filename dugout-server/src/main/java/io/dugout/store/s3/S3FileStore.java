package io.dugout.store.s3;

import io.dugout.file.FileStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * Objects in one S3 bucket, each key under a configured prefix. A put is one S3 {@code PutObject},
 * which S3 applies whole or not at all; S3 reads (gets and lists) see every put that returned
 * before them (strong read-after-write consistency, as AWS S3, MinIO and Ceph give).
 *
 * <p>S3 wants an object's length before its first byte, and a put's length is known only at the end
 * of its stream: content up to {@code memoryBytes} is held in memory, larger content is spooled to
 * a temporary file in {@code spoolDir}, deleted when the put returns. Memory per put is thus
 * bounded, whatever the file's size. Several nodes may share the bucket.
 */
public final class S3FileStore implements FileStore, FileStore.Presigning {

  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_.-]+");
  private static final int BUFFER = 64 * 1024;

  private final S3Client s3;
  private final S3Presigner presigner;
  private final String bucket;
  private final String prefix;
  private final Path spoolDir;
  private final int memoryBytes;

  /**
   * @param prefix put before every key in the bucket: empty, or ending in {@code /}
   * @param spoolDir where content larger than {@code memoryBytes} waits for its put; its left-over
   *     files (a crash mid-put) are removed now
   */
  public S3FileStore(
      S3Client s3,
      S3Presigner presigner,
      String bucket,
      String prefix,
      Path spoolDir,
      int memoryBytes) {
    this.s3 = s3;
    this.presigner = presigner;
    this.bucket = bucket;
    this.prefix = prefix;
    this.spoolDir = spoolDir;
    this.memoryBytes = memoryBytes;
    try {
      Files.createDirectories(spoolDir);
      try (Stream<Path> left = Files.list(spoolDir)) {
        for (Path file : left.toList()) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot use " + spoolDir + " for puts: " + e.getMessage(), e);
    }
  }

  @Override
  public long put(String key, InputStream content, long maxBytes) throws IOException {
    String objectKey = objectKey(key);
    byte[] head = content.readNBytes(maxBytes < memoryBytes ? (int) maxBytes + 1 : memoryBytes);
    if (head.length > maxBytes) {
      throw new TooLarge(maxBytes);
    }
    if (head.length < memoryBytes) {
      call(
          () ->
              s3.putObject(
                  r -> r.bucket(bucket).key(objectKey),
                  RequestBody.fromInputStream(new ByteArrayInputStream(head), head.length)));
      return head.length;
    }
    Path part = Files.createTempFile(spoolDir, "put-", ".part");
    try {
      long size = spool(part, head, content, maxBytes);
      call(() -> s3.putObject(r -> r.bucket(bucket).key(objectKey), RequestBody.fromFile(part)));
      return size;
    } finally {
      Files.deleteIfExists(part);
    }
  }

  private static long spool(Path part, byte[] head, InputStream content, long maxBytes)
      throws IOException {
    try (OutputStream out = Files.newOutputStream(part)) {
      out.write(head);
      long size = head.length;
      byte[] buffer = new byte[BUFFER];
      int read;
      while ((read = content.read(buffer)) >= 0) {
        size += read;
        if (size > maxBytes) {
          throw new TooLarge(maxBytes);
        }
        out.write(buffer, 0, read);
      }
      return size;
    }
  }

  @Override
  public InputStream get(String key) throws IOException {
    String objectKey = objectKey(key);
    try {
      return call(() -> s3.getObject(r -> r.bucket(bucket).key(objectKey)));
    } catch (NoSuchKeyException e) {
      return null;
    }
  }

  @Override
  public void delete(String key) throws IOException {
    String objectKey = objectKey(key);
    // why: S3 answers a delete of an absent key with success, so a repeat does nothing
    call(() -> s3.deleteObject(r -> r.bucket(bucket).key(objectKey)));
  }

  @Override
  public List<StoredObject> list(String keyPrefix, Instant before, int limit) throws IOException {
    var found = new ArrayList<StoredObject>();
    return call(
        () -> {
          for (S3Object object :
              s3.listObjectsV2Paginator(r -> r.bucket(bucket).prefix(prefix + keyPrefix))
                  .contents()) {
            if (found.size() >= limit) {
              break;
            }
            if (object.lastModified().isBefore(before)) {
              found.add(
                  new StoredObject(
                      object.key().substring(prefix.length()),
                      object.size(),
                      object.lastModified()));
            }
          }
          return found;
        });
  }

  @Override
  public URI presignGet(String key, Duration validFor, ServedAs servedAs) {
    String objectKey = objectKey(key);
    // why: S3's response-* overrides are query parameters of the signed URL, so the store answers
    // with these headers and a changed value breaks the signature
    return URI.create(
        presigner
            .presignGetObject(
                r ->
                    r.signatureDuration(validFor)
                        .getObjectRequest(
                            g ->
                                g.bucket(bucket)
                                    .key(objectKey)
                                    .responseContentType(servedAs.contentType())
                                    .responseContentDisposition(servedAs.contentDisposition())
                                    .responseCacheControl(servedAs.cacheControl())))
            .url()
            .toString());
  }

  @Override
  public PresignedPut presignPut(String key, long bytes, Duration validFor) {
    String objectKey = objectKey(key);
    var request =
        presigner.presignPutObject(
            r ->
                r.signatureDuration(validFor)
                    .putObjectRequest(p -> p.bucket(bucket).key(objectKey).contentLength(bytes)));
    var headers =
        request.signedHeaders().entrySet().stream()
            .filter(h -> !h.getKey().equalsIgnoreCase("host"))
            .collect(
                Collectors.toUnmodifiableMap(
                    Map.Entry::getKey, h -> String.join(",", h.getValue())));
    return new PresignedPut(URI.create(request.url().toString()), headers);
  }

  /** The key in the bucket, once {@code key} is checked to be one of the port's keys. */
  private String objectKey(String key) {
    if (key == null || key.isEmpty()) {
      throw new IllegalArgumentException("a key is required");
    }
    for (String segment : key.split("/", -1)) {
      if (!SEGMENT.matcher(segment).matches() || segment.equals(".") || segment.equals("..")) {
        throw new IllegalArgumentException("not a file key: " + key);
      }
    }
    return prefix + key;
  }

  private interface S3Call<T> {
    T run() throws IOException;
  }

  /** Runs an S3 call, reporting the SDK's failures as the port's {@link IOException}. */
  private static <T> T call(S3Call<T> call) throws IOException {
    try {
      return call.run();
    } catch (NoSuchKeyException e) {
      throw e;
    } catch (SdkException e) {
      throw new IOException("S3: " + e.getMessage(), e);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
