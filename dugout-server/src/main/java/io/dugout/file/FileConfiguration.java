package io.dugout.file;

import io.dugout.message.MessageStore;
import io.dugout.message.RoomAccess;
import io.dugout.system.DugoutProperties;
import io.dugout.system.DugoutProperties.StoreType;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Files in rooms, when the node has a {@link FileStore} ({@link FileProperties#selected}): upload
 * slots in the node's store (RocksDB or MongoDB), bytes in the selected file store. On MongoDB
 * without a file store, a message cannot name an upload.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(FileProperties.OnAny.class)
class FileConfiguration {

  private static final Logger log = LoggerFactory.getLogger(FileConfiguration.class);
  private static final int MIN_SECRET_BYTES = 32;

  @Bean
  FileRights fileRights(RoomAccess access) {
    return new FileRights(access);
  }

  @Bean
  FileDownloads fileDownloads(FileStore files, FileProperties properties) {
    var downloads = FileDownloads.of(files, properties);
    log.info(
        "Files: downloads {}",
        downloads.redirects()
            ? "redirect to the store's URLs, valid for " + properties.downloadUrlExpiry()
            : "stream through this node");
    return downloads;
  }

  @Bean
  FileMetrics fileMetrics(MeterRegistry registry) {
    return new FileMetrics(registry);
  }

  @Bean
  UploadRemoval uploadRemoval(
      UploadStore uploads, FileStore files, ObjectProvider<UploadHolds> holds) {
    return new UploadRemoval(uploads, files, holds.getIfAvailable(() -> UploadHolds.NONE));
  }

  @Bean
  HeldUploads heldUploads(
      UploadStore uploads,
      UploadRemoval removal,
      FileRights rights,
      FileDownloads downloads,
      FileMetrics metrics) {
    return new HeldUploads(uploads, removal, rights, downloads, metrics);
  }

  @Bean
  UploadedAttachments uploadedAttachments(
      UploadStore uploads,
      UploadRemoval removal,
      FileMetrics metrics,
      FileProperties properties,
      Clock clock) {
    return new UploadedAttachments(uploads, removal, metrics, properties, clock);
  }

  @Bean
  UploadSweeper uploadSweeper(
      UploadStore uploads,
      FileStore files,
      ObjectProvider<UploadHolds> holds,
      MessageStore messages,
      UploadRemoval removal,
      FileMetrics metrics,
      FileProperties properties,
      Clock clock) {
    log.info(
        "Files: the sweep runs every {} and keeps things for {}; at most {} upload slots a minute"
            + " per user on this node",
        properties.sweep().interval(),
        properties.sweep().grace(),
        properties.uploadRate() == 0 ? "unlimited" : properties.uploadRate());
    return new UploadSweeper(
        uploads,
        files,
        holds.getIfAvailable(() -> UploadHolds.NONE),
        messages,
        removal,
        metrics,
        properties,
        clock);
  }

  @Bean
  UploadSlots uploadSlots(
      UploadStore uploads,
      FileStore files,
      FileRights rights,
      FileProperties properties,
      DugoutProperties dugout,
      Clock clock) {
    log.info(
        "Files: up to {} bytes each, of {} types, upload URLs valid for {}",
        properties.maxSize().toBytes(),
        properties.allowedTypes().size(),
        properties.uploadExpiry());
    return new UploadSlots(
        uploads,
        files,
        rights,
        new UploadSigner(signingKey(properties, dugout)),
        new FileTypes(properties.allowed()),
        properties,
        clock);
  }

  /**
   * The configured secret, else one generated once into the data directory. why: on MongoDB nodes
   * behind one load balancer, a URL signed by one node is used on another, so they share a secret.
   */
  private static SecretKey signingKey(FileProperties properties, DugoutProperties dugout) {
    Path dataDir = dugout.dataDir();
    if (properties.signingSecret().isBlank() && dugout.store().type() == StoreType.MONGODB) {
      throw new IllegalStateException(
          "dugout.files.signing-secret must be set on MongoDB (the same secret, of at least "
              + MIN_SECRET_BYTES
              + " bytes, on every node): an upload URL one node signs is used on any other");
    }
    if (!properties.signingSecret().isBlank()) {
      byte[] secret = properties.signingSecret().getBytes(StandardCharsets.UTF_8);
      if (secret.length < MIN_SECRET_BYTES) {
        throw new IllegalStateException(
            "dugout.files.signing-secret must be at least " + MIN_SECRET_BYTES + " bytes");
      }
      return new SecretKeySpec(secret, "HmacSHA256");
    }
    Path file = dataDir.resolve("upload-signing-key");
    try {
      if (!Files.exists(file)) {
        Files.createDirectories(dataDir);
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        try {
          Files.createFile(
              file,
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
          Files.createFile(file);
        }
        Files.writeString(file, HexFormat.of().formatHex(random));
      }
      return new SecretKeySpec(
          HexFormat.of().parseHex(Files.readString(file).strip()), "HmacSHA256");
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalStateException("cannot read or create " + file + ": " + e.getMessage(), e);
    }
  }

  /** Says once at startup that this node has no files, and how to give it some. */
  @Configuration(proxyBeanMethods = false)
  @Conditional(FileProperties.OnNone.class)
  static class NoFiles {

    @Bean
    SmartInitializingSingleton noFilesNotice() {
      return () ->
          log.warn(
              "Files: off. On MongoDB set dugout.files.s3.bucket (an S3-compatible bucket every"
                  + " node uses), or dugout.files.store=local on a directory every node shares;"
                  + " until then uploads are refused");
    }
  }
}
