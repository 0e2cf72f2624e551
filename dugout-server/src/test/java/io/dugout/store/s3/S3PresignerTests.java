package io.dugout.store.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.file.FileProperties;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * Pre-signed URLs name the store as clients reach it. Signing is local (no request is sent), so no
 * S3 server runs here.
 */
class S3PresignerTests {

  private static final StaticCredentialsProvider KEYS =
      StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret"));

  @TempDir Path spool;

  @Test
  void aPresignedUrlNamesThePublicEndpointWhenOneIsSet() {
    var url =
        presignedGet(
            new FileProperties.S3(
                URI.create("http://minio:9000"),
                "us-east-1",
                "files",
                "",
                true,
                true,
                URI.create("https://files.example.com")));

    assertThat(url.getScheme()).isEqualTo("https");
    assertThat(url.getHost()).isEqualTo("files.example.com");
    assertThat(url.getPath()).isEqualTo("/files/uploads/u-1");
  }

  @Test
  void aPresignedUrlNamesTheEndpointWhenThereIsNoPublicOne() {
    var url =
        presignedGet(
            new FileProperties.S3(
                URI.create("http://minio:9000"), "us-east-1", "files", "", true, true, null));

    assertThat(url.getHost()).isEqualTo("minio");
    assertThat(url.getPort()).isEqualTo(9000);
  }

  private URI presignedGet(FileProperties.S3 settings) {
    try (var presigner = S3FileStoreConfiguration.presigner(settings, KEYS)) {
      var store = new S3FileStore(null, presigner, settings.bucket(), "", spool, 1024);
      return store.presignGet(
          "uploads/u-1",
          Duration.ofMinutes(2),
          new io.dugout.file.FileStore.ServedAs("image/png", "inline", "no-cache"));
    }
  }
}
