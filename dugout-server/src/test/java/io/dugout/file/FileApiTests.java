package io.dugout.file;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import io.dugout.message.Attachment;
import io.dugout.message.AttachmentUploads;
import io.dugout.notification.MutableClock;
import io.dugout.system.Ids;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.spec.SecretKeySpec;
import javax.imageio.ImageIO;
import org.apache.commons.imaging.Imaging;
import org.apache.commons.imaging.formats.gif.GifImageParser;
import org.apache.commons.imaging.formats.gif.GifImagingParameters;
import org.apache.commons.imaging.formats.jpeg.JpegImageMetadata;
import org.apache.commons.imaging.formats.jpeg.exif.ExifRewriter;
import org.apache.commons.imaging.formats.tiff.TiffImageMetadata;
import org.apache.commons.imaging.formats.tiff.write.TiffOutputSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import tools.jackson.databind.JsonNode;

/**
 * Files over real HTTP: a slot, the bytes to its signed URL, a message naming the upload, and
 * downloads decided by membership at the moment of each request. Run on RocksDB with files on the
 * local disk, and by the {@code cluster-storage-e2e} build on MongoDB with files in S3 (S3Proxy).
 * On the local disk downloads are streamed; from S3 they redirect to the store's pre-signed URL,
 * which {@link #download} follows without Dugout's token, as a browser would.
 *
 * <p>The server's clock is a {@link MutableClock}, so the upload rate is tested by moving time; the
 * sweep is run by the test at chosen instants instead of waiting for its timer.
 *
 * <p>Over 300 lines: one class, so that both builds start one node for the whole file flow.
 */
@Import(FileApiTests.Clocks.class)
class FileApiTests extends ApiTest {

  @TestConfiguration(proxyBeanMethods = false)
  static class Clocks {
    @Bean
    @Primary
    MutableClock mutableClock() {
      return new MutableClock();
    }
  }

  @Autowired private MutableClock clock;
  @Autowired private UploadSweeper sweeper;
  @Autowired private UploadStore uploadStore;
  @Autowired private FileStore files;
  @Autowired private AttachmentUploads attachmentUploads;
  @Autowired private FileProperties properties;

  @AfterEach
  void resetClock() {
    clock.reset();
  }

  private final HttpClient http = HttpClient.newHttpClient();

  /** The configured secret (set on MongoDB, where nodes share one), else empty. */
  @Value("${dugout.files.signing-secret:}")
  private String signingSecret;

  @Autowired private FileDownloads downloads;

  @Test
  void aMemberUploadsAPhotoThatAnotherMemberDownloads() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    byte[] png = png(40, 30);

    var slot =
        client
            .postJson(
                aliceToken,
                uploads(roomId),
                Map.of("name", "glove.png", "size", png.length, "type", "image/png"))
            .snippet("files-slot");
    assertThat(slot.status()).isEqualTo(201);
    assertThat(slot.text("method")).isEqualTo("PUT");
    assertThat(slot.json().get("headers").get("Content-Type").asString()).isEqualTo("image/png");
    assertThat(Instant.parse(slot.text("expiresAt"))).isAfter(Instant.now().plusSeconds(14 * 60));
    var put = put(slot.text("url"), png);
    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(put.body()).contains("\"type\":\"image/png\"").contains("\"width\":40");

    var sent = sendUpload(aliceToken, roomId, "c-1", "IMAGE", slot.text("uploadId"));

    assertThat(sent.status()).isEqualTo(201);
    JsonNode attachment = sent.json().get("attachments").get(0);
    String url = "/api/v1/rooms/" + roomId + "/files/" + slot.text("uploadId");
    assertThat(attachment.get("url").asString()).isEqualTo(url);
    assertThat(attachment.get("uploadId").asString()).isEqualTo(slot.text("uploadId"));
    assertThat(attachment.get("name").asString()).isEqualTo("glove.png");
    assertThat(attachment.get("size").asLong()).isEqualTo(png.length);
    assertThat(attachment.get("mime").asString()).isEqualTo("image/png");
    assertThat(attachment.get("width").asInt()).isEqualTo(40);
    assertThat(attachment.get("height").asInt()).isEqualTo(30);

    var download = download(bobToken, url);
    assertThat(download.statusCode()).isEqualTo(200);
    assertThat(download.body()).isEqualTo(png);
    assertThat(download.headers().firstValue("Content-Type")).hasValue("image/png");
    assertThat(download.headers().firstValue("Content-Disposition").orElseThrow())
        .startsWith("inline");
    if (!downloads.redirects()) {
      assertThat(download.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    }

    assertThat(download(client.token(user("mallory")), url).statusCode()).isEqualTo(403);
    assertThat(client.delete(aliceToken, "/api/v1/rooms/" + roomId + "/members/" + bob).status())
        .isLessThan(300);
    assertThat(download(bobToken, url).statusCode())
        .as("a removed member loses access at once")
        .isIn(403, 404);
  }

  @Test
  void othersDownloadAPhotoWithoutWhereItWasTakenAndItsThumbnail() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    byte[] photo = jpegTakenAt(1000, 600, 52.5163, 13.3777);
    assertThat(gpsOf(photo)).as("the photo as the phone took it").isNotNull();

    String uploadId = uploaded(aliceToken, roomId, "glove.jpg", "image/jpeg", photo);
    var sent = sendUpload(aliceToken, roomId, "c-1", "IMAGE", uploadId);
    assertThat(sent.status()).isEqualTo(201);
    JsonNode attachment = sent.json().get("attachments").get(0);
    String url = attachment.get("url").asString();

    var download = download(bobToken, url);
    assertThat(download.statusCode()).isEqualTo(200);
    assertThat(gpsOf(download.body())).as("no location in what others download").isNull();
    assertThat(ImageIO.read(new ByteArrayInputStream(download.body())).getWidth()).isEqualTo(1000);
    assertThat(attachment.get("size").asLong()).isEqualTo(download.body().length);
    assertThat(download.headers().firstValueAsLong("Content-Length"))
        .hasValue(download.body().length);

    var thumbnail = download(bobToken, url + "/thumbnail");
    assertThat(thumbnail.statusCode()).isEqualTo(200);
    assertThat(thumbnail.headers().firstValue("Content-Type")).hasValue("image/jpeg");
    var small = ImageIO.read(new ByteArrayInputStream(thumbnail.body()));
    assertThat(small.getWidth()).isEqualTo(320);
    assertThat(small.getHeight()).isEqualTo(192);
    assertThat(download(client.token(user("mallory")), url + "/thumbnail").statusCode())
        .isEqualTo(403);

    String fileId = uploaded(aliceToken, roomId, "notes.txt", "text/plain", "hello".getBytes());
    sendUpload(aliceToken, roomId, "c-2", "FILE", fileId);
    assertThat(download(bobToken, "/api/v1/rooms/" + roomId + "/files/" + fileId + "/thumbnail"))
        .extracting(HttpResponse::statusCode)
        .isEqualTo(404);
  }

  @Test
  void othersDownloadAPngWithoutItsMetadataAndWithTheSamePixels() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String roomId = group(aliceToken, "t", bob);
    byte[] plain = png(12, 9);
    byte[] located =
        PngChunkFilterTests.withChunksAfterHeader(
            plain,
            PngChunkFilterTests.chunk(
                "eXIf", "MM\0*\0\0\0\bGPS 52.5163".getBytes(StandardCharsets.ISO_8859_1)),
            PngChunkFilterTests.chunk(
                "tEXt", "Comment\0taken at home".getBytes(StandardCharsets.ISO_8859_1)));
    String uploadId = uploaded(aliceToken, roomId, "map.png", "image/png", located);
    var sent = sendUpload(aliceToken, roomId, "c-1", "IMAGE", uploadId);
    assertThat(sent.status()).isEqualTo(201);

    var download =
        download(client.token(bob), sent.json().get("attachments").get(0).get("url").asString());

    assertThat(download.statusCode()).isEqualTo(200);
    assertThat(PngChunkFilterTests.chunkTypes(download.body()))
        .doesNotContain("eXIf", "tEXt")
        .contains("IHDR", "IDAT", "IEND");
    assertThat(PngChunkFilterTests.crcsAreRight(download.body())).isTrue();
    assertThat(pixels(download.body())).isEqualTo(pixels(plain));
    assertThat(sent.json().get("attachments").get(0).get("size").asLong())
        .isEqualTo(download.body().length);
  }

  @Test
  void refusesAGifThatSaysWhereItWasTakenAndKeepsOneThatDoesNot() throws Exception {
    String aliceToken = client.token(user("alice"));
    String roomId = group(aliceToken, "t", user("bob"));
    var params = new GifImagingParameters();
    params.setXmpXml(
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF"
            + " xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description"
            + " xmlns:exif=\"http://ns.adobe.com/exif/1.0/\" exif:GPSLatitude=\"52,30.98N\""
            + " exif:GPSLongitude=\"13,22.66E\"/></rdf:RDF></x:xmpmeta>");
    var located = new ByteArrayOutputStream();
    var picture = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
    new GifImageParser().writeImage(picture, located, params);
    var plain = new ByteArrayOutputStream();
    new GifImageParser().writeImage(picture, plain, new GifImagingParameters());

    var slot = slot(aliceToken, roomId, "map.gif", "image/gif", located.size());
    var put = put(slot.text("url"), located.toByteArray());

    assertThat(put.statusCode()).isEqualTo(415);
    assertThat(put.body()).contains("JPEG, PNG and WebP");
    assertThat(uploaded(aliceToken, roomId, "plain.gif", "image/gif", plain.toByteArray()))
        .isNotBlank();
  }

  @Test
  void aDownloadFromTheBucketRedirectsToAShortLivedUrlThatNeedsNoToken() {
    Assumptions.assumeTrue(downloads.redirects(), "downloads are streamed from this store");
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    byte[] png = png(40, 30);
    String photoId = uploaded(aliceToken, roomId, "glove.png", "image/png", png);
    String url =
        sendUpload(aliceToken, roomId, "c-1", "IMAGE", photoId)
            .json()
            .get("attachments")
            .get(0)
            .get("url")
            .asString();
    byte[] text = "for sale".getBytes(StandardCharsets.UTF_8);
    String fileId = uploaded(aliceToken, roomId, "prix ü.txt", "text/plain", text);
    sendUpload(aliceToken, roomId, "c-2", "FILE", fileId);

    var redirect = answer(bobToken, url);
    assertThat(redirect.statusCode()).isEqualTo(302);
    assertThat(redirect.headers().firstValue("Cache-Control")).hasValue("no-store");
    URI location = URI.create(redirect.headers().firstValue("Location").orElseThrow());
    assertThat(location.getQuery())
        .as("valid for dugout.files.download-url-expiry")
        .contains("X-Amz-Expires=120");
    var photo =
        exchange(HttpRequest.newBuilder(location).build(), HttpResponse.BodyHandlers.ofByteArray());
    assertThat(photo.statusCode()).isEqualTo(200);
    assertThat(photo.body()).isEqualTo(png);
    assertThat(photo.headers().firstValue("Content-Type")).hasValue("image/png");
    assertThat(photo.headers().firstValue("Content-Disposition").orElseThrow())
        .startsWith("inline");

    var thumbnail = answer(bobToken, url + "/thumbnail");
    assertThat(thumbnail.statusCode()).isEqualTo(302);
    var small = download(bobToken, url + "/thumbnail");
    assertThat(small.statusCode()).isEqualTo(200);
    assertThat(small.headers().firstValue("Content-Type")).hasValue("image/jpeg");

    var file = download(bobToken, "/api/v1/rooms/" + roomId + "/files/" + fileId);
    assertThat(file.body()).isEqualTo(text);
    assertThat(file.headers().firstValue("Content-Type")).hasValue("text/plain");
    assertThat(file.headers().firstValue("Content-Disposition").orElseThrow())
        .startsWith("attachment")
        .contains("filename*=UTF-8''prix%20%C3%BC.txt");

    var stranger = answer(client.token(user("mallory")), url);
    assertThat(stranger.statusCode()).isEqualTo(403);
    assertThat(stranger.headers().firstValue("Location")).isEmpty();
    var tampered =
        exchange(
            HttpRequest.newBuilder(URI.create(location.toString().replace("inline", "attachment")))
                .build(),
            HttpResponse.BodyHandlers.discarding());
    assertThat(tampered.statusCode()).as("the served headers are signed").isEqualTo(403);
  }

  @Test
  void aFileOnTheLocalDiskIsStreamedByTheNode() {
    Assumptions.assumeFalse(downloads.redirects(), "downloads redirect to this store");
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    String fileId =
        uploaded(token, roomId, "a.txt", "text/plain", "hi".getBytes(StandardCharsets.UTF_8));
    sendUpload(token, roomId, "c-1", "FILE", fileId);

    var answer = answer(token, "/api/v1/rooms/" + roomId + "/files/" + fileId);

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.headers().firstValue("Location")).isEmpty();
    assertThat(answer.body()).isEqualTo("hi".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aFileThatIsNoSafeImageIsServedAsAnAttachment() {
    String alice = user("alice");
    String token = client.token(alice);
    String roomId = group(token, "t");
    byte[] text = "a list of what I sell\n".getBytes(StandardCharsets.UTF_8);
    String uploadId = uploaded(token, roomId, "list.txt", "text/plain", text);

    var sent = sendUpload(token, roomId, "c-1", "FILE", uploadId);

    assertThat(sent.status()).isEqualTo(201);
    var download = download(token, sent.json().get("attachments").get(0).get("url").asString());
    assertThat(download.body()).isEqualTo(text);
    assertThat(download.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("text/plain");
    assertThat(download.headers().firstValue("Content-Disposition").orElseThrow())
        .startsWith("attachment")
        .contains("list.txt");
    if (!downloads.redirects()) {
      assertThat(download.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    }
  }

  @Test
  void anImageMessageCarriesImagesOnlyAndStoredBytesAreNeverReplaced() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    byte[] text = "not a photo".getBytes(StandardCharsets.UTF_8);
    var slot = slot(token, roomId, "a.txt", "text/plain", text.length);
    assertThat(put(slot.text("url"), text).statusCode()).isEqualTo(200);

    assertInvalid(
        sendUpload(token, roomId, "c-1", "IMAGE", slot.text("uploadId")),
        "attachments[0].uploadId");
    var again = put(slot.text("url"), "other bytes".getBytes(StandardCharsets.UTF_8));
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(sendUpload(token, roomId, "c-2", "FILE", slot.text("uploadId")).status())
        .isEqualTo(201);
  }

  @Test
  void refusesHtmlDeclaredAsAPngByWhatItsBytesAre() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    byte[] html =
        "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"
            .getBytes(StandardCharsets.UTF_8);
    var slot = slot(token, roomId, "photo.png", "image/png", html.length);

    var put = put(slot.text("url"), html);

    assertThat(put.statusCode()).isEqualTo(415);
    assertThat(put.body()).contains("\"code\":\"unsupported_type\"").contains("text/html");
    assertInvalid(
        sendUpload(token, roomId, "c-1", "IMAGE", slot.text("uploadId")),
        "attachments[0].uploadId");
  }

  @Test
  void refusesBytesThatAreNotTheDeclaredSize() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    byte[] text = "0123456789".getBytes(StandardCharsets.UTF_8);

    var shorter = put(slot(token, roomId, "a.txt", "text/plain", 11).text("url"), text);
    var longer = put(slot(token, roomId, "a.txt", "text/plain", 9).text("url"), text);

    assertThat(shorter.statusCode()).isEqualTo(400);
    assertThat(shorter.body()).contains("\"field\":\"size\"");
    assertThat(longer.statusCode()).isEqualTo(413);
    assertThat(longer.body()).contains("\"code\":\"too_large\"");
  }

  @Test
  void refusesASlotOverTheMaximumSizeOrOfATypeThatIsNotAllowed() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");

    assertProblem(
        client.postJson(
            token,
            uploads(roomId),
            Map.of("name", "big.zip", "size", 25L * 1024 * 1024 + 1, "type", "application/zip")),
        413,
        "too_large");
    assertProblem(
        client.postJson(
            token, uploads(roomId), Map.of("name", "x.html", "size", 10, "type", "text/html")),
        415,
        "unsupported_type");
    assertProblem(
        client.postJson(
            client.token(user("mallory")),
            uploads(roomId),
            Map.of("name", "a.txt", "size", 10, "type", "text/plain")),
        403,
        "forbidden");
  }

  @Test
  void refusesATamperedOrExpiredUploadUrl() throws IOException {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    byte[] text = "hello".getBytes(StandardCharsets.UTF_8);
    var slot = slot(token, roomId, "a.txt", "text/plain", text.length);
    String url = slot.text("url");
    String uploadId = slot.text("uploadId");

    var tampered = put(url.replace("signature=", "signature=A"), text);
    var otherExpiry = put(url.replaceAll("expires=\\d+", "expires=9999999999"), text);
    byte[] key =
        signingSecret.isEmpty()
            ? HexFormat.of()
                .parseHex(Files.readString(dataDir.resolve("upload-signing-key")).strip())
            : signingSecret.getBytes(StandardCharsets.UTF_8);
    Instant past = Instant.now().minusSeconds(1).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    String signed = new UploadSigner(new SecretKeySpec(key, "HmacSHA256")).sign(uploadId, past);
    var expired =
        put(
            URI.create(url)
                .resolve(
                    "/uploads/"
                        + uploadId
                        + "?expires="
                        + past.getEpochSecond()
                        + "&signature="
                        + signed)
                .toString(),
            text);

    assertThat(tampered.statusCode()).isEqualTo(403);
    assertThat(otherExpiry.statusCode()).isEqualTo(403);
    assertThat(expired.statusCode()).isEqualTo(403);
    assertThat(expired.body()).contains("expired");
    assertThat(put(url, text).statusCode()).as("the URL as given still works").isEqualTo(200);
  }

  @Test
  void refusesAnUploadUrlWhoseExpiryIsNoInstant() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    byte[] text = "hello".getBytes(StandardCharsets.UTF_8);
    String url = slot(token, roomId, "a.txt", "text/plain", text.length).text("url");

    var earliest = put(url.replaceAll("expires=\\d+", "expires=" + Long.MIN_VALUE), text);
    var latest = put(url.replaceAll("expires=\\d+", "expires=" + Long.MAX_VALUE), text);

    assertThat(earliest.statusCode()).isEqualTo(403);
    assertThat(latest.statusCode()).isEqualTo(403);
    assertThat(earliest.body()).contains("\"code\":\"forbidden\"");
  }

  @Test
  void anUploadBelongsToOneMessageAndARetriedSendStaysIdempotent() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String roomId = group(aliceToken, "t", bob);
    String uploadId =
        uploaded(aliceToken, roomId, "a.txt", "text/plain", "hi".getBytes(StandardCharsets.UTF_8));

    var first = sendUpload(aliceToken, roomId, "c-1", "FILE", uploadId);
    var retry = sendUpload(aliceToken, roomId, "c-1", "FILE", uploadId);
    var other = sendUpload(aliceToken, roomId, "c-2", "FILE", uploadId);
    var byBob = sendUpload(client.token(bob), roomId, "c-3", "FILE", uploadId);

    assertThat(first.status()).isEqualTo(201);
    assertThat(retry.status()).isEqualTo(200);
    assertThat(retry.json()).isEqualTo(first.json());
    assertProblem(other, 409, "conflict");
    assertInvalid(byBob, "attachments[0].uploadId");
    assertThat(
            client.get(aliceToken, "/api/v1/rooms/" + roomId + "/messages").json().get("messages"))
        .hasSize(1);
  }

  @Test
  void anUploadIsNotSentFromAnotherRoomNorDownloadedByOthersBeforeItIsSent() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String roomId = group(aliceToken, "t", bob);
    String otherRoom = group(aliceToken, "u", bob);
    String uploadId =
        uploaded(aliceToken, roomId, "a.txt", "text/plain", "hi".getBytes(StandardCharsets.UTF_8));
    String url = "/api/v1/rooms/" + roomId + "/files/" + uploadId;

    assertInvalid(
        sendUpload(aliceToken, otherRoom, "c-1", "FILE", uploadId), "attachments[0].uploadId");
    assertThat(download(client.token(bob), url).statusCode()).isEqualTo(404);
    assertThat(download(aliceToken, url).statusCode()).isEqualTo(200);
    assertThat(
            download(aliceToken, "/api/v1/rooms/" + otherRoom + "/files/" + uploadId).statusCode())
        .isEqualTo(404);
  }

  @Test
  void urlAttachmentsKeepWorking() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");

    var sent =
        client.postJson(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of(
                "clientMsgId",
                "c-1",
                "kind",
                "FILE",
                "attachments",
                List.of(
                    Map.of(
                        "url",
                        "https://cdn.example/a.pdf",
                        "name",
                        "a.pdf",
                        "size",
                        3,
                        "mime",
                        "application/pdf"))));

    assertThat(sent.status()).isEqualTo(201);
    assertThat(sent.json().get("attachments").get(0).toString())
        .isEqualTo(
            "{\"url\":\"https://cdn.example/a.pdf\",\"name\":\"a.pdf\",\"size\":3,\"mime\":\"application/pdf\"}");
  }

  @Test
  void opensUploadSlotsNoFasterThanTheUserRateAndAgainAMinuteLater() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    var slot = Map.of("name", "a.txt", "size", 5, "type", "text/plain");
    // why: the allowance refills by real time too, so a slow machine opens a few more
    int opened = 0;
    ApiResponse refused = null;
    for (int i = 0; i < 200 && refused == null; i++) {
      var answer = client.postJson(token, uploads(roomId), slot);
      if (answer.status() == 201) {
        opened++;
      } else {
        refused = answer;
      }
    }

    assertThat(refused).as("refused within 200 slots").isNotNull();
    assertProblem(refused, 429, "rate_limited");
    assertThat(opened).isBetween(properties.uploadBurst(), properties.uploadBurst() + 10);
    String bobToken = client.token(user("bob"));
    assertThat(client.postJson(bobToken, uploads(group(bobToken, "u")), slot).status())
        .as("another user keeps their own allowance")
        .isEqualTo(201);
    clock.advance(Duration.ofMinutes(1));
    assertThat(client.postJson(token, uploads(roomId), slot).status()).isEqualTo(201);
  }

  @Test
  void aMessageNamesAnUploadOnlyUntilHalfTheSweepGracePastItsSlotExpiry() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    byte[] text = "late".getBytes(StandardCharsets.UTF_8);
    String onTime = uploaded(token, roomId, "a.txt", "text/plain", text);
    String late = uploaded(token, roomId, "b.txt", "text/plain", text);
    Duration halfGrace = properties.sweep().grace().dividedBy(2);

    clock.advance(properties.uploadExpiry().plus(halfGrace).minusMinutes(1));
    assertThat(sendUpload(token, roomId, "c-1", "FILE", onTime).status()).isEqualTo(201);
    clock.advance(Duration.ofMinutes(2));

    assertInvalid(sendUpload(token, roomId, "c-2", "FILE", late), "attachments[0].uploadId");
    assertThat(sendUpload(token, roomId, "c-1", "FILE", onTime).status())
        .as("a retry of the message that took it in time")
        .isEqualTo(200);
  }

  @Test
  void theSweepRemovesAnUnusedUploadOnceItsSlotExpiredAndKeepsOneAMessageUses() throws Exception {
    String aliceToken = client.token(user("alice"));
    String roomId = group(aliceToken, "t");
    String unused = uploaded(aliceToken, roomId, "a.png", "image/png", png(8, 8));
    String used = uploaded(aliceToken, roomId, "b.txt", "text/plain", "kept".getBytes());
    assertThat(sendUpload(aliceToken, roomId, "c-1", "FILE", used).status()).isEqualTo(201);
    Instant expiry = uploadStore.get(unused).expiresAt();
    Duration grace = properties.sweep().grace();

    sweeper.sweep(expiry.plus(grace).minusSeconds(1));
    assertThat(uploadStore.get(unused)).as("kept within the grace").isNotNull();
    assertThat(stored(UploadSlots.key(unused))).isTrue();

    var swept = sweeper.sweep(expiry.plus(grace).plusSeconds(1));

    assertThat(swept.expired()).isGreaterThanOrEqualTo(1);
    assertThat(uploadStore.get(unused)).isNull();
    assertThat(stored(UploadSlots.key(unused))).isFalse();
    assertThat(stored(UploadSlots.thumbnailKey(unused))).isFalse();
    assertThat(download(aliceToken, fileUrl(roomId, unused)).statusCode()).isEqualTo(404);
    assertThat(download(aliceToken, fileUrl(roomId, used)).body()).isEqualTo("kept".getBytes());
  }

  @Test
  void theSweepRemovesBytesNoUploadNamesOnlyOnceTheyAreOlderThanTheGrace() throws Exception {
    String orphan = Ids.newId(Clock.systemUTC());
    byte[] bytes = "left behind".getBytes(StandardCharsets.UTF_8);
    files.put(UploadSlots.key(orphan), new ByteArrayInputStream(bytes), bytes.length);
    files.put(UploadSlots.thumbnailKey(orphan), new ByteArrayInputStream(bytes), bytes.length);
    String foreign = "uploads/not-an-upload-" + orphan;
    files.put(foreign, new ByteArrayInputStream(bytes), bytes.length);
    try {
      sweeper.sweep(Instant.now());
      assertThat(stored(UploadSlots.key(orphan))).as("younger than the grace").isTrue();

      var swept = sweeper.sweep(Instant.now().plus(properties.sweep().grace()).plusSeconds(2));

      assertThat(swept.orphans()).isGreaterThanOrEqualTo(2);
      assertThat(stored(UploadSlots.key(orphan))).isFalse();
      assertThat(stored(UploadSlots.thumbnailKey(orphan))).isFalse();
      assertThat(stored(foreign)).as("not Dugout's").isTrue();
    } finally {
      files.delete(foreign);
    }
  }

  @Test
  void deletingAMessageDeletesItsFilesAndTheirBytes() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String roomId = group(aliceToken, "t", bob);
    String uploadId =
        uploaded(aliceToken, roomId, "glove.jpg", "image/jpeg", jpegTakenAt(400, 300, 1, 2));
    var sent = sendUpload(aliceToken, roomId, "c-1", "IMAGE", uploadId);
    String url = fileUrl(roomId, uploadId);
    assertThat(download(client.token(bob), url + "/thumbnail").statusCode()).isEqualTo(200);

    var deleted =
        client.delete(aliceToken, "/api/v1/rooms/" + roomId + "/messages/" + sent.text("seq"));

    assertThat(deleted.status()).isEqualTo(200);
    assertThat(download(client.token(bob), url).statusCode()).isEqualTo(404);
    assertThat(download(aliceToken, url + "/thumbnail").statusCode()).isEqualTo(404);
    assertThat(uploadStore.get(uploadId)).isNull();
    assertThat(stored(UploadSlots.key(uploadId))).isFalse();
    assertThat(stored(UploadSlots.thumbnailKey(uploadId))).isFalse();
  }

  @Test
  void aDeleteThatStoppedBeforeItsCommitLeavesTheFileWhereTheSweepFindsIt() throws Exception {
    String bob = user("bob");
    String aliceToken = client.token(user("alice"));
    String roomId = group(aliceToken, "t", bob);
    byte[] text = "still here".getBytes(StandardCharsets.UTF_8);
    String uploadId = uploaded(aliceToken, roomId, "a.txt", "text/plain", text);
    var sent = sendUpload(aliceToken, roomId, "c-1", "FILE", uploadId);
    long seq = sent.json().get("seq").asLong();

    // the first step of a delete, then the node stops: the delete never commits
    attachmentUploads.releasing(roomId, seq, attachmentsOf(uploadId));
    Instant marked = uploadStore.get(uploadId).release().markedAt();
    assertThat(download(client.token(bob), fileUrl(roomId, uploadId)).statusCode())
        .as("hidden while its message is being deleted")
        .isEqualTo(404);
    sweeper.sweep(marked.plus(properties.sweep().grace()).minusSeconds(1));
    assertThat(uploadStore.get(uploadId).release()).as("within the grace").isNotNull();

    var swept = sweeper.sweep(marked.plus(properties.sweep().grace()).plusSeconds(1));

    assertThat(swept.unmarked()).isGreaterThanOrEqualTo(1);
    assertThat(uploadStore.get(uploadId).release()).isNull();
    assertThat(download(client.token(bob), fileUrl(roomId, uploadId)).body()).isEqualTo(text);
  }

  @Test
  void aDeleteThatStoppedAfterItsCommitHasItsFileRemovedByTheSweep() throws Exception {
    String aliceToken = client.token(user("alice"));
    String roomId = group(aliceToken, "t");
    byte[] text = "to go".getBytes(StandardCharsets.UTF_8);
    String uploadId = uploaded(aliceToken, roomId, "a.txt", "text/plain", text);
    long seq = sendUpload(aliceToken, roomId, "c-1", "FILE", uploadId).json().get("seq").asLong();
    Upload upload = uploadStore.get(uploadId);
    assertThat(client.delete(aliceToken, "/api/v1/rooms/" + roomId + "/messages/" + seq).status())
        .isEqualTo(200);

    // what a node that stopped between the commit and removing the file leaves behind
    uploadStore.put(upload);
    uploadStore.use(uploadId, "c-1");
    attachmentUploads.releasing(roomId, seq, attachmentsOf(uploadId));
    files.put(UploadSlots.key(uploadId), new ByteArrayInputStream(text), text.length);
    Instant marked = uploadStore.get(uploadId).release().markedAt();

    var swept = sweeper.sweep(marked.plus(properties.sweep().grace()).plusSeconds(1));

    assertThat(swept.released()).isGreaterThanOrEqualTo(1);
    assertThat(uploadStore.get(uploadId)).isNull();
    assertThat(stored(UploadSlots.key(uploadId))).isFalse();
    assertThat(download(aliceToken, fileUrl(roomId, uploadId)).statusCode()).isEqualTo(404);
  }

  private static List<Attachment> attachmentsOf(String uploadId) {
    return List.of(Attachment.upload(uploadId));
  }

  /** Whether the file store holds an object under {@code key}. */
  private boolean stored(String key) throws IOException {
    try (var bytes = files.get(key)) {
      return bytes != null;
    }
  }

  private static String fileUrl(String roomId, String uploadId) {
    return "/api/v1/rooms/" + roomId + "/files/" + uploadId;
  }

  private static String uploads(String roomId) {
    return "/api/v1/rooms/" + roomId + "/uploads";
  }

  private ApiResponse slot(String token, String roomId, String name, String type, long size) {
    var slot =
        client.postJson(token, uploads(roomId), Map.of("name", name, "size", size, "type", type));
    assertThat(slot.status()).as(slot.toString()).isEqualTo(201);
    return slot;
  }

  private String uploaded(String token, String roomId, String name, String type, byte[] bytes) {
    var slot = slot(token, roomId, name, type, bytes.length);
    var put = put(slot.text("url"), bytes);
    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
    return slot.text("uploadId");
  }

  private ApiResponse sendUpload(
      String token, String roomId, String clientMsgId, String kind, String uploadId) {
    return client.postJson(
        token,
        "/api/v1/rooms/" + roomId + "/messages",
        Map.of(
            "clientMsgId",
            clientMsgId,
            "kind",
            kind,
            "attachments",
            List.of(Map.of("uploadId", uploadId))));
  }

  private HttpResponse<String> put(String url, byte[] bytes) {
    var request =
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/octet-stream")
            .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
            .build();
    return exchange(request, HttpResponse.BodyHandlers.ofString());
  }

  /**
   * The file as a client gets it: Dugout's answer, or, when that is a redirect to the store, the
   * store's answer to its URL fetched without Dugout's token.
   */
  private HttpResponse<byte[]> download(String token, String path) {
    var answer = answer(token, path);
    if (answer.statusCode() != 302) {
      return answer;
    }
    assertThat(downloads.redirects())
        .as("only downloads from a store that presigns redirect")
        .isTrue();
    assertThat(answer.headers().firstValue("Cache-Control")).hasValue("no-store");
    String location = answer.headers().firstValue("Location").orElseThrow();
    return exchange(
        HttpRequest.newBuilder(URI.create(location)).GET().build(),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  /** Dugout's own answer to a download, redirects not followed. */
  private HttpResponse<byte[]> answer(String token, String path) {
    var request = client.request(path).header("Authorization", "Bearer " + token).GET().build();
    return exchange(request, HttpResponse.BodyHandlers.ofByteArray());
  }

  private <T> HttpResponse<T> exchange(HttpRequest request, HttpResponse.BodyHandler<T> body) {
    try {
      return http.send(request, body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A JPEG with the EXIF GPS position a phone writes. */
  private static byte[] jpegTakenAt(int width, int height, double latitude, double longitude)
      throws Exception {
    var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    image.setRGB(5, 5, 0x00ff00);
    var plain = new ByteArrayOutputStream();
    ImageIO.write(image, "jpeg", plain);
    var exif = new TiffOutputSet();
    exif.getOrCreateRootDirectory();
    exif.setGpsInDegrees(longitude, latitude);
    var out = new ByteArrayOutputStream();
    new ExifRewriter().updateExifMetadataLossless(plain.toByteArray(), out, exif);
    return out.toByteArray();
  }

  /** The GPS position in the JPEG's EXIF; null when it has none. */
  private static TiffImageMetadata.GpsInfo gpsOf(byte[] jpeg) throws Exception {
    if (!(Imaging.getMetadata(jpeg) instanceof JpegImageMetadata metadata)
        || metadata.getExif() == null) {
      return null;
    }
    return metadata.getExif().getGpsInfo();
  }

  private static byte[] png(int width, int height) {
    try {
      var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
      image.setRGB(1, 1, 0xff0000);
      var out = new ByteArrayOutputStream();
      ImageIO.write(image, "png", out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int[] pixels(byte[] png) throws IOException {
    var image = ImageIO.read(new ByteArrayInputStream(png));
    return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
  }
}
