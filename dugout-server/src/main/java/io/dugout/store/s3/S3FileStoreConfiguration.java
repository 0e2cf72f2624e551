package io.dugout.store.s3;

import io.dugout.file.FileProperties;
import io.dugout.file.FileStore;
import io.dugout.system.DugoutProperties;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * Selects {@link S3FileStore} when {@code dugout.files.store=s3} (the default on MongoDB once
 * {@code dugout.files.s3.bucket} is set), on a client built from {@code dugout.files.s3.*} with
 * credentials from the AWS SDK's default provider chain only.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(FileProperties.OnS3.class)
class S3FileStoreConfiguration {

  private static final Logger log = LoggerFactory.getLogger(S3FileStoreConfiguration.class);

  /** Content up to this size waits for its put in memory; larger content in a spool file. */
  private static final int MEMORY_BYTES = 1024 * 1024;

  @Bean(destroyMethod = "close")
  S3Client s3Client(FileProperties files) {
    var settings = bucket(files);
    var builder =
        S3Client.builder()
            .httpClient(UrlConnectionHttpClient.create())
            .region(Region.of(settings.region()))
            .credentialsProvider(DefaultCredentialsProvider.builder().build())
            .serviceConfiguration(
                S3Configuration.builder().pathStyleAccessEnabled(settings.pathStyle()).build());
    if (settings.endpoint() != null) {
      // why: stores other than AWS S3 (older MinIO, R2, Ceph) reject the SDK's default trailing
      // checksums on every put; checksums are sent only where the S3 API requires them
      builder
          .endpointOverride(settings.endpoint())
          .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
          .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
    }
    return builder.build();
  }

  @Bean(destroyMethod = "close")
  S3Presigner s3Presigner(FileProperties files) {
    return presigner(bucket(files), DefaultCredentialsProvider.builder().build());
  }

  /**
   * A presigner whose URLs name the store as clients reach it: {@code public-endpoint} when set,
   * else {@code endpoint} (else AWS's own for the region).
   */
  static S3Presigner presigner(FileProperties.S3 settings, AwsCredentialsProvider credentials) {
    var builder =
        S3Presigner.builder()
            .region(Region.of(settings.region()))
            .credentialsProvider(credentials)
            .serviceConfiguration(
                S3Configuration.builder().pathStyleAccessEnabled(settings.pathStyle()).build());
    URI endpoint =
        settings.publicEndpoint() != null ? settings.publicEndpoint() : settings.endpoint();
    if (endpoint != null) {
      builder.endpointOverride(endpoint);
    }
    return builder.build();
  }

  @Bean
  FileStore s3FileStore(
      S3Client s3, S3Presigner presigner, FileProperties files, DugoutProperties dugout) {
    var settings = bucket(files);
    log.info(
        "Files: in S3 bucket {}{} at {}",
        settings.bucket(),
        settings.prefix().isEmpty() ? "" : " under " + settings.prefix(),
        settings.endpoint() == null ? "AWS region " + settings.region() : settings.endpoint());
    return new S3FileStore(
        s3,
        presigner,
        settings.bucket(),
        settings.prefix(),
        dugout.dataDir().toAbsolutePath().normalize().resolve("s3-spool"),
        MEMORY_BYTES);
  }

  private static FileProperties.S3 bucket(FileProperties files) {
    if (files.s3().bucket().isBlank()) {
      throw new IllegalStateException(
          "dugout.files.store=s3 needs dugout.files.s3.bucket, the bucket that keeps the files");
    }
    return files.s3();
  }
}
