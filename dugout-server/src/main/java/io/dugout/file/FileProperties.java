package io.dugout.file;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Files members upload ({@code dugout.files.*}).
 *
 * @param store where the bytes are kept: {@code local}, under the data directory
 * @param maxSize the largest file accepted
 * @param uploadExpiry how long an upload slot, and its signed upload URL, stays usable
 * @param allowedTypes the media types, detected from the bytes, that may be uploaded
 * @param signingSecret the secret that signs upload URLs; empty for one generated into the data
 *     directory
 */
@ConfigurationProperties("dugout.files")
public record FileProperties(
    @DefaultValue("local") FileStoreType store,
    @DefaultValue("25MB") DataSize maxSize,
    @DefaultValue("15m") Duration uploadExpiry,
    @DefaultValue({
          "image/png",
          "image/jpeg",
          "image/gif",
          "image/webp",
          "image/heic",
          "image/heif",
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
    @DefaultValue("") String signingSecret) {

  public FileProperties {
    if (maxSize.toBytes() < 1) {
      throw new IllegalArgumentException(
          "dugout.files.max-size must be 1B or more, not " + maxSize);
    }
    if (uploadExpiry.isNegative() || uploadExpiry.isZero()) {
      throw new IllegalArgumentException(
          "dugout.files.upload-expiry must be more than 0, not " + uploadExpiry);
    }
    allowedTypes = List.copyOf(allowedTypes);
  }

  /** The allowed types, lower case. */
  Set<String> allowed() {
    return allowedTypes.stream()
        .map(t -> t.strip().toLowerCase(Locale.ROOT))
        .collect(Collectors.toUnmodifiableSet());
  }

  /** Where the bytes of files are kept. */
  public enum FileStoreType {
    /** Under {@code dugout.data-dir}/files, on this node's disk. */
    LOCAL
  }
}
