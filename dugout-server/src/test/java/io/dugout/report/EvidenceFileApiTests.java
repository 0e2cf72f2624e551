package io.dugout.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import io.dugout.file.FileStore;
import io.dugout.file.UploadStore;
import io.dugout.notification.MutableClock;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;

/**
 * A reported photo is kept as evidence: the sender deletes it (or a resolution does), members can
 * no longer download it, the product's backend still can through the report, and its bytes go when
 * the evidence expires. Run on RocksDB with files on the local disk, and by the {@code
 * cluster-storage-e2e} build on MongoDB with files in S3 (S3Proxy).
 */
@Import(EvidenceFileApiTests.Clocks.class)
class EvidenceFileApiTests extends ApiTest {

  @TestConfiguration(proxyBeanMethods = false)
  static class Clocks {
    @Bean
    @Primary
    MutableClock mutableClock() {
      return new MutableClock();
    }
  }

  private static final Duration WAIT = Duration.ofSeconds(10);

  @Autowired private MutableClock clock;
  @Autowired private EvidenceSweep evidenceSweep;
  @Autowired private ReportProperties properties;
  @Autowired private UploadStore uploads;
  @Autowired private FileStore files;

  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void resetClock() {
    clock.reset();
  }

  @Test
  void theBackendDownloadsAReportedPhotoAfterItsSenderDeletedItUntilTheEvidenceExpires()
      throws Exception {
    String alice = user("alice");
    String mallory = user("mallory");
    String malloryToken = client.token(mallory);
    String roomId = direct(client.token(alice), mallory);
    byte[] png = png(40, 30);
    String uploadId = uploaded(malloryToken, roomId, "proof.png", png);
    long seq = sent(malloryToken, roomId, "m-1", uploadId);
    String reportId = report(client.token(alice), roomId, seq);
    String evidenceUrl = evidenceUrl(reportId, uploadId);

    var deleted = client.delete(malloryToken, "/api/v1/rooms/" + roomId + "/messages/" + seq);
    assertThat(deleted.status()).as(deleted.toString()).isLessThan(300);

    Waits.until(
        () -> get(client.token(alice), fileUrl(roomId, uploadId)).statusCode() == 404,
        WAIT,
        "the room's download is gone with the message");
    assertThat(get(client.token(alice), fileUrl(roomId, uploadId) + "/thumbnail").statusCode())
        .isEqualTo(404);
    var kept = get(service(), evidenceUrl);
    assertThat(kept.statusCode()).isEqualTo(200);
    assertThat(kept.body()).isEqualTo(png);
    assertThat(kept.headers().firstValue("Content-Type")).hasValue("image/png");
    assertThat(kept.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    assertThat(stored("uploads/" + uploadId)).isTrue();

    clock.advance(properties.evidenceRetention().plusSeconds(1));
    evidenceSweep.sweep();

    assertThat(get(service(), evidenceUrl).statusCode()).isEqualTo(404);
    assertThat(stored("uploads/" + uploadId)).as("the photo's bytes").isFalse();
    assertThat(stored("thumbnails/" + uploadId)).as("its thumbnail").isFalse();
    assertThat(uploads.get(uploadId)).as("its upload record").isNull();
  }

  @Test
  void membersCannotUseTheEvidenceDownloadAndAFileTheEvidenceDoesNotNameIsNotFound() {
    String alice = user("alice");
    String mallory = user("mallory");
    String malloryToken = client.token(mallory);
    String roomId = direct(client.token(alice), mallory);
    String uploadId = uploaded(malloryToken, roomId, "proof.png", png(8, 8));
    long seq = sent(malloryToken, roomId, "m-1", uploadId);
    String other = uploaded(malloryToken, roomId, "other.png", png(9, 9));
    sent(malloryToken, roomId, "m-2", other);
    String reportId = report(client.token(alice), roomId, seq);

    assertThat(get(client.token(alice), evidenceUrl(reportId, uploadId)).statusCode())
        .isEqualTo(403);
    assertThat(get(malloryToken, evidenceUrl(reportId, uploadId)).statusCode()).isEqualTo(403);
    assertThat(get(service(), evidenceUrl(reportId, other)).statusCode()).isEqualTo(404);
    assertThat(get(service(), evidenceUrl("0190aaaa-0000-7000-8000-000000000000", uploadId)))
        .extracting(HttpResponse::statusCode)
        .isEqualTo(404);
    assertThat(get(service(), evidenceUrl(reportId, uploadId)).statusCode())
        .as("while the message is there too")
        .isEqualTo(200);
  }

  @Test
  void aResolutionThatDeletesTheMessageKeepsItsPhotoAsEvidence() throws Exception {
    String alice = user("alice");
    String mallory = user("mallory");
    String malloryToken = client.token(mallory);
    String roomId = direct(client.token(alice), mallory);
    byte[] png = png(20, 10);
    String uploadId = uploaded(malloryToken, roomId, "proof.png", png);
    long seq = sent(malloryToken, roomId, "m-1", uploadId);
    String reportId = report(client.token(alice), roomId, seq);

    var resolved =
        client.postJson(
            service(),
            "/api/v1/reports/" + reportId + "/resolution",
            Map.of("action", "delete_message"));
    assertThat(resolved.status()).as(resolved.toString()).isEqualTo(200);

    Waits.until(
        () -> get(client.token(alice), fileUrl(roomId, uploadId)).statusCode() == 404,
        WAIT,
        "the room's download is gone with the message");
    var kept = get(service(), evidenceUrl(reportId, uploadId));
    assertThat(kept.statusCode()).isEqualTo(200);
    assertThat(kept.body()).isEqualTo(png);
    assertThat(stored("uploads/" + uploadId)).isTrue();
  }

  @Test
  void aPhotoNoReportNamesGoesWithItsMessageAsBefore() throws Exception {
    String alice = user("alice");
    String mallory = user("mallory");
    String malloryToken = client.token(mallory);
    String roomId = direct(client.token(alice), mallory);
    String uploadId = uploaded(malloryToken, roomId, "fine.png", png(8, 8));
    long seq = sent(malloryToken, roomId, "m-1", uploadId);

    client.delete(malloryToken, "/api/v1/rooms/" + roomId + "/messages/" + seq);

    Waits.until(() -> uploads.get(uploadId) == null, WAIT, "the upload is removed");
    assertThat(stored("uploads/" + uploadId)).isFalse();
  }

  private String service() {
    return client.serviceToken("backend");
  }

  private static String evidenceUrl(String reportId, String uploadId) {
    return "/api/v1/reports/" + reportId + "/evidence/files/" + uploadId;
  }

  private static String fileUrl(String roomId, String uploadId) {
    return "/api/v1/rooms/" + roomId + "/files/" + uploadId;
  }

  private String report(String token, String roomId, long seq) {
    var filed =
        client.postJson(
            token,
            "/api/v1/rooms/" + roomId + "/messages/" + seq + "/reports",
            Map.of("reason", "scam"));
    assertThat(filed.status()).as(filed.toString()).isEqualTo(201);
    return filed.text("id");
  }

  private String uploaded(String token, String roomId, String name, byte[] bytes) {
    ApiResponse slot =
        client.postJson(
            token,
            "/api/v1/rooms/" + roomId + "/uploads",
            Map.of("name", name, "size", bytes.length, "type", "image/png"));
    assertThat(slot.status()).as(slot.toString()).isEqualTo(201);
    var put =
        exchange(
            HttpRequest.newBuilder(URI.create(slot.text("url")))
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
                .build());
    assertThat(put.statusCode()).as(new String(put.body())).isEqualTo(200);
    return slot.text("uploadId");
  }

  private long sent(String token, String roomId, String clientMsgId, String uploadId) {
    var sent =
        client.postJson(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of(
                "clientMsgId",
                clientMsgId,
                "kind",
                "IMAGE",
                "attachments",
                List.of(Map.of("uploadId", uploadId))));
    assertThat(sent.status()).as(sent.toString()).isEqualTo(201);
    return sent.json().get("seq").asLong();
  }

  /** Dugout's own answer, redirects not followed. */
  private HttpResponse<byte[]> get(String token, String path) {
    return exchange(client.request(path).header("Authorization", "Bearer " + token).GET().build());
  }

  private HttpResponse<byte[]> exchange(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private boolean stored(String key) throws IOException {
    try (var bytes = files.get(key)) {
      return bytes != null;
    }
  }

  private static byte[] png(int width, int height) {
    var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    image.setRGB(1, 1, 0xff0000);
    var out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
