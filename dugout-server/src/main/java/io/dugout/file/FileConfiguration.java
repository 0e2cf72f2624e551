package io.dugout.file;

import io.dugout.message.RoomAccess;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties;
import io.dugout.system.DugoutProperties.StoreType;
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
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Files in rooms. For now with the embedded store only: upload slots are kept in RocksDB, and a
 * MongoDB {@link UploadStore} is not there yet, so on MongoDB a message cannot name an upload.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(store = StoreType.ROCKSDB)
class FileConfiguration {

  private static final Logger log = LoggerFactory.getLogger(FileConfiguration.class);
  private static final int MIN_SECRET_BYTES = 32;

  @Bean
  FileRights fileRights(RoomAccess access) {
    return new FileRights(access);
  }

  @Bean
  UploadedAttachments uploadedAttachments(UploadStore uploads) {
    return new UploadedAttachments(uploads);
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
        new UploadSigner(signingKey(properties, dugout.dataDir())),
        new FileTypes(properties.allowed()),
        properties,
        clock);
  }

  /** The configured secret, else one generated once into the data directory. */
  private static SecretKey signingKey(FileProperties properties, Path dataDir) {
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
}
