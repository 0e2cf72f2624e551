package io.dugout.store.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.file.FileStore;
import io.dugout.file.FileStoreContract;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * {@link FileStoreContract} on S3Proxy, a real S3 API server with signature checking, in a bucket
 * of its own per test and under a prefix, as a bucket shared with other data would be. Content over
 * 64 KiB goes through the spool file, so both ways of a put are covered.
 */
class S3FileStoreTests extends FileStoreContract {

  private static final int MEMORY_BYTES = 64 * 1024;
  private static final FileStore.ServedAs SERVED_AS =
      new FileStore.ServedAs(
          "image/png",
          "attachment; filename=\"=?UTF-8?Q?gl=C3=B6ve.png?=\"; filename*=UTF-8''gl%C3%B6ve.png",
          "private, max-age=0");

  @TempDir Path spool;
  private S3Client s3;
  private S3Presigner presigner;
  private String bucket;
  private final HttpClient http = HttpClient.newHttpClient();

  @Override
  protected FileStore openEmpty() {
    var proxy = S3Proxy.shared();
    s3 = proxy.client();
    presigner = proxy.presigner();
    bucket = proxy.newBucket();
    return new S3FileStore(s3, presigner, bucket, "dugout/", spool, MEMORY_BYTES);
  }

  @Override
  protected void close() {
    s3.close();
    presigner.close();
    http.close();
  }

  @Test
  void aPresignedPutStoresExactlyTheSignedLengthAndAPresignedGetReadsIt() throws Exception {
    var presigning = (FileStore.Presigning) store;
    byte[] photo = "not really a photo".getBytes(StandardCharsets.UTF_8);
    var put = presigning.presignPut("uploads/p-1", photo.length, Duration.ofMinutes(1));

    var request =
        HttpRequest.newBuilder(put.url()).PUT(HttpRequest.BodyPublishers.ofByteArray(photo));
    put.headers()
        .forEach(
            (name, value) -> {
              if (!name.equalsIgnoreCase("content-length")) {
                request.header(name, value);
              }
            });
    assertThat(http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode())
        .isEqualTo(200);

    var get = presigning.presignGet("uploads/p-1", Duration.ofMinutes(1), SERVED_AS);
    var read =
        http.send(HttpRequest.newBuilder(get).build(), HttpResponse.BodyHandlers.ofByteArray());
    assertThat(read.statusCode()).isEqualTo(200);
    assertThat(read.body()).isEqualTo(photo);
    assertThat(read.headers().firstValue("Content-Type")).hasValue("image/png");
    assertThat(read.headers().firstValue("Content-Disposition"))
        .hasValue(SERVED_AS.contentDisposition());
    assertThat(read.headers().firstValue("Cache-Control")).hasValue("private, max-age=0");
    try (var in = store.get("uploads/p-1")) {
      assertThat(in.readAllBytes()).isEqualTo(photo);
    }
  }

  @Test
  void aPresignedGetStopsWorkingWhenItExpiresAndCannotChangeItsHeaders() throws Exception {
    var presigning = (FileStore.Presigning) store;
    store.put("uploads/p-4", new ByteArrayInputStream(new byte[] {1, 2, 3}), 10);
    URI url = presigning.presignGet("uploads/p-4", Duration.ofSeconds(1), SERVED_AS);

    var fresh =
        http.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString());
    var otherType =
        http.send(
            HttpRequest.newBuilder(URI.create(url.toString().replace("image%2Fpng", "text%2Fhtml")))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(fresh.statusCode()).isEqualTo(200);
    assertThat(otherType.statusCode()).isEqualTo(403);

    // why: S3 counts the expiry in whole seconds from X-Amz-Date; bounded at 10 s in all
    Instant deadline = Instant.now().plusSeconds(10);
    int status = fresh.statusCode();
    while (status == 200 && Instant.now().isBefore(deadline)) {
      Thread.sleep(250);
      status =
          http.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.discarding())
              .statusCode();
    }
    assertThat(status).as("a pre-signed GET after its expiry").isEqualTo(403);
  }

  @Test
  void aPresignedPutRefusesOtherLengthsAndOtherKeys() throws Exception {
    var presigning = (FileStore.Presigning) store;
    var put = presigning.presignPut("uploads/p-2", 10, Duration.ofMinutes(1));

    var tooLong =
        http.send(
            HttpRequest.newBuilder(put.url())
                .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[11]))
                .build(),
            HttpResponse.BodyHandlers.discarding());
    var otherKey =
        http.send(
            HttpRequest.newBuilder(java.net.URI.create(put.url().toString().replace("p-2", "p-3")))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[10]))
                .build(),
            HttpResponse.BodyHandlers.discarding());

    assertThat(tooLong.statusCode()).isGreaterThanOrEqualTo(400);
    assertThat(otherKey.statusCode()).isEqualTo(403);
    assertThat(store.get("uploads/p-2")).isNull();
    assertThat(store.get("uploads/p-3")).isNull();
  }

  @Test
  void keysLiveUnderThePrefixAndListsGiveThemBackWithoutIt() throws Exception {
    store.put("uploads/a", new ByteArrayInputStream(new byte[3]), 10);

    assertThat(s3.listObjectsV2(r -> r.bucket(bucket)).contents())
        .extracting(o -> o.key())
        .containsExactly("dugout/uploads/a");

    assertThat(store.list("uploads/", java.time.Instant.now().plusSeconds(60), 10))
        .extracting(FileStore.StoredObject::key)
        .containsExactly("uploads/a");
  }
}
