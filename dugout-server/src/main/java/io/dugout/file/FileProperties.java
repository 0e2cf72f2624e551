package io.dugout.file;

import io.dugout.system.DugoutProperties;
import io.dugout.system.DugoutProperties.StoreType;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.unit.DataSize;

/**
 * Files members upload ({@code dugout.files.*}).
 *
 * @param store where the bytes are kept: {@code local}, under the data directory, or {@code s3}, in
 *     an S3-compatible bucket; when not set, {@code local} on RocksDB, and on MongoDB {@code s3} if
 *     {@code dugout.files.s3.bucket} is set, else no files at all ({@link #selected})
 * @param maxSize the largest file accepted
 * @param uploadExpiry how long an upload slot, and its signed upload URL, stays usable
 * @param downloadUrlExpiry how long the store's pre-signed URL that a download redirects to stays
 *     usable ({@code dugout.files.s3.redirect-downloads})
 * @param allowedTypes the media types, detected from the bytes, that may be uploaded
 * @param signingSecret the secret that signs upload URLs; empty for one generated into the data
 *     directory (one node only: nodes of a cluster must share it)
 * @param s3 the bucket of {@code dugout.files.store=s3}
 * @param uploadRate upload slots a user may open per minute, on each node; 0 for no limit
 * @param uploadBurst upload slots a user may open at once before {@code upload-rate} paces them
 * @param sweep when uploads no message keeps, and bytes with no upload, are removed
 * @param publicUrl the address clients reach Dugout at, which upload URLs start with (behind a
 *     proxy that ends TLS: {@code https://chat.example.com}); null for the address of the request
 *     that opened the slot
 */
@ConfigurationProperties("dugout.files")
public record FileProperties(
    FileStoreType store,
    @DefaultValue("25MB") DataSize maxSize,
    @DefaultValue("15m") Duration uploadExpiry,
    @DefaultValue("2m") Duration downloadUrlExpiry,
    @DefaultValue({
          "image/png",
          "image/jpeg",
          "image/gif",
          "image/webp",
          "application/pdf",
          "text/plain",
          "application/zip",
          "application/msword",
          "application/vnd.ms-excel",
          "application/vnd.ms-powerpoint",
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "application/vnd.openxmlformats-officedocument.presentationml.presentation",
          "application/vnd.oasis.opendocument.text",
          "application/vnd.oasis.opendocument.spreadsheet",
          "application/vnd.oasis.opendocument.presentation"
        })
        List<String> allowedTypes,
    @DefaultValue("") String signingSecret,
    @DefaultValue S3 s3,
    @DefaultValue("60") int uploadRate,
    @DefaultValue("20") int uploadBurst,
    @DefaultValue Sweep sweep,
    URI publicUrl) {

  public FileProperties {
    if (maxSize.toBytes() < 1) {
      throw new IllegalArgumentException(
          "dugout.files.max-size must be 1B or more, not " + maxSize);
    }
    if (uploadExpiry.isNegative() || uploadExpiry.isZero()) {
      throw new IllegalArgumentException(
          "dugout.files.upload-expiry must be more than 0, not " + uploadExpiry);
    }
    if (downloadUrlExpiry.isNegative()
        || downloadUrlExpiry.isZero()
        || downloadUrlExpiry.compareTo(Duration.ofDays(7)) > 0) {
      throw new IllegalArgumentException(
          "dugout.files.download-url-expiry must be more than 0 and at most 7d (S3's limit), not "
              + downloadUrlExpiry);
    }
    allowedTypes = List.copyOf(allowedTypes);
    if (uploadRate < 0) {
      throw new IllegalArgumentException(
          "dugout.files.upload-rate must be 0 (no limit) or more, not " + uploadRate);
    }
    if (uploadBurst < 1) {
      throw new IllegalArgumentException(
          "dugout.files.upload-burst must be 1 or more, not " + uploadBurst);
    }
  }

  /**
   * The sweep every node runs ({@code dugout.files.sweep.*}), see {@link UploadSweeper}.
   *
   * @param interval how often it runs
   * @param grace how long past its slot's expiry an unused upload is kept, how old bytes with no
   *     upload must be, and how long a message's delete may take before the sweep finishes or
   *     undoes the release of its files
   */
  public record Sweep(@DefaultValue("5m") Duration interval, @DefaultValue("1h") Duration grace) {

    public Sweep {
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException(
            "dugout.files.sweep.interval must be more than 0, not " + interval);
      }
      if (grace.isNegative()) {
        throw new IllegalArgumentException(
            "dugout.files.sweep.grace must be 0 or more, not " + grace);
      }
    }
  }

  /** The allowed types, lower case. */
  Set<String> allowed() {
    return allowedTypes.stream()
        .map(t -> t.strip().toLowerCase(Locale.ROOT))
        .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * The store that keeps the bytes on a node whose store is {@code storeType}, or null when the
   * node has no files. {@code local} on MongoDB only when asked for by name: several nodes see one
   * directory only when the operator made it shared.
   */
  public FileStoreType selected(StoreType storeType) {
    if (store != null) {
      return store;
    }
    if (storeType == StoreType.MONGODB) {
      return s3.bucket().isBlank() ? null : FileStoreType.S3;
    }
    return FileStoreType.LOCAL;
  }

  /** The settings as bound from {@code environment}. */
  public static FileProperties of(Environment environment) {
    return Binder.get(environment).bindOrCreate("dugout.files", FileProperties.class);
  }

  /** Where the bytes of files are kept. */
  public enum FileStoreType {
    /** Under {@code dugout.data-dir}/files, on this node's disk (or a directory nodes share). */
    LOCAL,
    /** In an S3-compatible bucket, {@code dugout.files.s3.*}. */
    S3
  }

  /**
   * An S3-compatible bucket ({@code dugout.files.s3.*}). Credentials come only from the AWS SDK's
   * default provider chain (environment, system properties, profile files, web identity, container
   * and instance roles), never from these settings.
   *
   * @param endpoint the S3 API's URL, for stores other than AWS S3 (MinIO, Ceph, R2); empty for AWS
   * @param region the bucket's region (AWS), or what the store expects in signatures
   * @param bucket the bucket; required with {@code dugout.files.store=s3}
   * @param prefix put before every key, so that Dugout may share a bucket: empty, or ending in
   *     {@code /} (added when missing)
   * @param pathStyle address the bucket in the path ({@code endpoint/bucket/key}) instead of the
   *     host name, as MinIO and Ceph usually need
   * @param redirectDownloads answer a download with a redirect to a short-lived URL pre-signed by
   *     the store, so the bytes go from the bucket to the client; false streams them through the
   *     node, for a bucket clients cannot reach
   * @param publicEndpoint the S3 API's URL as clients reach it, put in pre-signed URLs when it is
   *     not {@code endpoint} (nodes reach MinIO by an internal name); empty for {@code endpoint}
   */
  public record S3(
      URI endpoint,
      @DefaultValue("us-east-1") String region,
      @DefaultValue("") String bucket,
      @DefaultValue("") String prefix,
      @DefaultValue("false") boolean pathStyle,
      @DefaultValue("true") boolean redirectDownloads,
      URI publicEndpoint) {

    public S3 {
      prefix = prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/";
      if (prefix.startsWith("/")) {
        throw new IllegalArgumentException(
            "dugout.files.s3.prefix must not start with '/', not '" + prefix + "'");
      }
    }
  }

  /** Matches when {@link #selected} is {@code local}. */
  public static final class OnLocal extends OnStore {
    public OnLocal() {
      super(FileStoreType.LOCAL);
    }
  }

  /** Matches when {@link #selected} is {@code s3}. */
  public static final class OnS3 extends OnStore {
    public OnS3() {
      super(FileStoreType.S3);
    }
  }

  /** Matches when the node has files, in any store. */
  static final class OnAny extends OnStore {
    OnAny() {
      super(null);
    }
  }

  /** Matches when the node has no files. */
  static final class OnNone extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(
        ConditionContext context, AnnotatedTypeMetadata metadata) {
      var store = DugoutProperties.of(context.getEnvironment()).store().type();
      return of(context.getEnvironment()).selected(store) == null
          ? ConditionOutcome.match("no file store on " + store)
          : ConditionOutcome.noMatch("a file store is selected");
    }
  }

  /** Matches when {@link #selected} is {@code wanted}, or any store when {@code wanted} is null. */
  abstract static class OnStore extends SpringBootCondition {

    private final FileStoreType wanted;

    OnStore(FileStoreType wanted) {
      this.wanted = wanted;
    }

    @Override
    public ConditionOutcome getMatchOutcome(
        ConditionContext context, AnnotatedTypeMetadata metadata) {
      var store = DugoutProperties.of(context.getEnvironment()).store().type();
      FileStoreType selected = of(context.getEnvironment()).selected(store);
      boolean match = selected != null && (wanted == null || wanted == selected);
      return match
          ? ConditionOutcome.match("dugout.files.store is " + selected)
          : ConditionOutcome.noMatch("dugout.files.store is " + selected + ", not " + wanted);
    }
  }
}
