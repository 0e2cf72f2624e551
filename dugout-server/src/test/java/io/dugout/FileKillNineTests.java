package io.dugout;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files through a SIGKILL of a real server process: an upload whose {@code PUT} was answered is
 * still there after the restart, whole, and a message may take it; a {@code PUT} cut off by the
 * kill leaves no object and no partial file, and the same signed URL takes the bytes again.
 */
class FileKillNineTests {

  @TempDir Path dir;

  @Test
  void keepsAnsweredUploadsAndLeavesNothingOfACutOffOneAfterKillNine() throws Exception {
    Path dataDir = dir.resolve("data");
    byte[] kept = DugoutClient.png(64, 48);
    byte[] cut = DugoutClient.png(400, 300);
    try (var server = ServerProcess.start(dataDir)) {
      var client = DugoutClient.onPort(server.port());
      String alice = client.token("alice");
      String roomId =
          client
              .postJson(
                  alice, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of("bob")))
              .text("id");
      String keptId = client.uploadPng(alice, roomId, "kept.png", kept);
      var slot =
          client.postJson(
              alice,
              "/api/v1/rooms/" + roomId + "/uploads",
              Map.of("name", "cut.png", "size", cut.length, "type", "image/png"));
      String cutId = slot.text("uploadId");

      var halfSent = new CountDownLatch(1);
      var http = HttpClient.newHttpClient();
      CompletableFuture<HttpResponse<String>> put =
          http.sendAsync(
              HttpRequest.newBuilder(URI.create(slot.text("url")))
                  .timeout(Duration.ofSeconds(60))
                  .header("Content-Type", "image/png")
                  .PUT(new HalfThenHang(cut, halfSent))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(halfSent.await(30, TimeUnit.SECONDS)).as("half the bytes sent").isTrue();
      waitForPartialFile(dataDir);

      assertThat(server.kill()).isEqualTo(137);
      assertThat(put).failsWithin(Duration.ofSeconds(30));

      server.restart();
      assertThat(partials(dataDir)).as("no partial file after the restart").isEmpty();

      var sent = sendPhoto(client, alice, roomId, "photo-1", keptId);
      assertThat(sent.status()).as("a message takes the answered upload: %s", sent).isEqualTo(201);
      var download =
          http.send(
              client
                  .request("/api/v1/rooms/" + roomId + "/files/" + keptId)
                  .header("Authorization", "Bearer " + client.token("bob"))
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      assertThat(download.statusCode()).isEqualTo(200);
      assertThat(download.body()).isEqualTo(kept);

      var unfinished = sendPhoto(client, alice, roomId, "photo-2", cutId);
      assertThat(unfinished.status()).as("the cut-off upload has no bytes").isEqualTo(400);

      var again = client.putBytes(slot.text("url"), cut);
      assertThat(again.status()).as("the same URL takes the bytes again: %s", again).isEqualTo(200);
      assertThat(sendPhoto(client, alice, roomId, "photo-2", cutId).status()).isEqualTo(201);
    }
  }

  private static ApiResponse sendPhoto(
      DugoutClient client, String token, String roomId, String clientMsgId, String uploadId) {
    return client.postJson(
        token,
        "/api/v1/rooms/" + roomId + "/messages",
        Map.of(
            "clientMsgId",
            clientMsgId,
            "kind",
            "IMAGE",
            "content",
            "",
            "attachments",
            List.of(Map.of("uploadId", uploadId))));
  }

  private static void waitForPartialFile(Path dataDir) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (partials(dataDir).isEmpty()) {
      assertThat(System.nanoTime()).as("a partial file appears").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  /** The files a put writes before it renames them into place. */
  private static List<Path> partials(Path dataDir) throws IOException {
    Path files = dataDir.resolve("files");
    if (!Files.isDirectory(files)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(files)) {
      return all.filter(p -> p.getFileName().toString().endsWith(".part")).toList();
    }
  }

  /** Sends the first half of the bytes, then nothing more: a client whose connection stalls. */
  private record HalfThenHang(byte[] bytes, CountDownLatch halfSent)
      implements HttpRequest.BodyPublisher {

    @Override
    public long contentLength() {
      return bytes.length;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      subscriber.onSubscribe(
          new Flow.Subscription() {
            private boolean sent;

            @Override
            public void request(long n) {
              if (!sent) {
                sent = true;
                subscriber.onNext(ByteBuffer.wrap(bytes, 0, bytes.length / 2));
                halfSent.countDown();
              }
            }

            @Override
            public void cancel() {}
          });
    }
  }
}
