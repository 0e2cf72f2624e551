package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Photos and files in the web client, with real uploads to a real Dugout: attached with the
 * composer's picker or dropped on the room, shown to the other person as a thumbnail live and after
 * a reload, opened or downloaded as the same bytes, and refused with the server's reason.
 */
class FilesInTheBrowserTests extends BrowserTest {

  @Test
  void aPickedPhotoShowsAsAThumbnailLiveAndAfterAReloadAndOpensAsTheOriginal() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    b.openRoom(alice);
    Path png = png("glove.png", 800, 600);

    a.find("#composer-file").sendKeys(png.toString());
    a.waitUntil("alice's photo confirmed", () -> a.outbox().isEmpty() && a.messages().size() == 1);
    a.waitUntil("alice sees her thumbnail", () -> thumbnailWidths(a).equals(List.of(320L)));
    b.waitUntil("bob sees the thumbnail live", () -> thumbnailWidths(b).equals(List.of(320L)));
    assertThat(b.find("#message-list .photo img").getAttribute("alt")).isEqualTo("glove.png");
    assertThat(b.js("return document.querySelector('#message-list .photo img').naturalHeight"))
        .isEqualTo(240L);
    String history = server.get("/api/v1/rooms/" + openRoomId(a) + "/messages", server.token(bob));
    assertThat(history).contains("\"kind\":\"IMAGE\"").contains("\"name\":\"glove.png\"");

    b.reload();
    b.waitUntil(
        "after a reload, the thumbnail again", () -> thumbnailWidths(b).equals(List.of(320L)));
    assertThat(b.findAll("#message-list .photo img").getFirst().getAttribute("width"))
        .as("sized from the attachment before it loads")
        .isEqualTo("320");
    b.screenshot(Path.of("target", "web-client-photo.png"));

    b.find("#message-list .photo").click();
    b.waitUntil(
        "the original opens in the viewer",
        () ->
            Long.valueOf(800)
                .equals(b.js("return document.getElementById('viewer-image').naturalWidth")));
    assertThat(b.find("#viewer-name").getText()).isEqualTo("glove.png");
    assertThat(sha256Of(b, "document.getElementById('viewer-image').src"))
        .as("the original's bytes")
        .isEqualTo(sha256(Files.readAllBytes(png)));
    b.find("#viewer button[type=submit]").click();
    b.waitUntil("the viewer closes", () -> !b.find("#viewer").isDisplayed());

    a.js("document.querySelector('#message-list li[data-seq] [data-action=delete]').click()");
    a.acceptDialog();
    b.waitUntil(
        "a deleted photo leaves a tombstone and no picture",
        () ->
            "Message deleted".equals(b.text("#message-list .tombstone"))
                && b.findAll("#message-list img, #message-list .attachments").isEmpty());
  }

  @Test
  void aFileTheServerRefusesShowsItsReasonAndSendsNoMessage() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    a.createRoom("DIRECT", bob, null);
    String roomId = openRoomId(a);
    long before = restLastSeq(server.token(alice), roomId);
    Path fake = temp.resolve("photo.png");
    Files.writeString(fake, "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");

    a.find("#composer-file").sendKeys(fake.toString());
    a.waitUntil(
        "the upload refused with the server's reason",
        () ->
            a.outbox().equals(List.of(Map.of("content", "", "state", "failed")))
                && a.text("#outbox .status").contains("text/html")
                && a.text("#outbox .status").contains("not allowed"));
    assertThat(a.findAll("#outbox button[data-retry]"))
        .as("no retry for a file the server refused")
        .isEmpty();
    a.click("#outbox button[data-discard]");
    a.waitUntil("discarded", () -> a.outbox().isEmpty());
    assertThat(a.messages()).isEmpty();
    assertThat(restLastSeq(server.token(alice), roomId)).isEqualTo(before);
  }

  @Test
  void aDroppedFileIsSentAsAFileAndDownloadsUnderItsName() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    b.openRoom(alice);
    byte[] notes = "Glove: size 11, worn twice.\n".repeat(40).getBytes(StandardCharsets.UTF_8);

    // a drop as the browser makes one: a DataTransfer holding a File
    a.js(
        "const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));"
            + " const data = new DataTransfer();"
            + " data.items.add(new File([bytes], 'notes.txt', { type: 'text/plain' }));"
            + " const pane = document.getElementById('room-pane');"
            + " for (const type of ['dragenter', 'dragover', 'drop'])"
            + "   pane.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));",
        Base64.getEncoder().encodeToString(notes));
    a.waitUntil("the file confirmed", () -> a.outbox().isEmpty() && a.messages().size() == 1);
    b.waitUntil(
        "bob sees the file with its name and size",
        () -> "notes.txt 1.1 KB".equals(b.text("#message-list .attachments li")));
    assertThat(b.findAll("#message-list img")).as("a file is not a photo").isEmpty();

    Path downloads = Files.createDirectories(temp.resolve("downloads-" + bob));
    b.downloadsTo(downloads);
    b.find("#message-list .attachments button.file").click();
    Path saved = downloads.resolve("notes.txt");
    b.waitUntil(
        "downloaded under its name, the same bytes",
        () -> Files.exists(saved) && java.util.Arrays.equals(read(saved), notes),
        Duration.ofSeconds(20));
  }

  @Test
  void anUploadCancelledOnItsWaySendsNoMessage() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    a.createRoom("DIRECT", bob, null);
    String roomId = openRoomId(a);
    long before = restLastSeq(server.token(alice), roomId);
    Path big = temp.resolve("big-notes.txt");
    Files.writeString(big, "a long description of a well-kept glove\n".repeat(25_000));
    a.throttleUploads(64 * 1024);

    a.find("#composer-file").sendKeys(big.toString());
    a.waitUntil(
        "uploading, with a progress bar and Cancel",
        () ->
            a.outbox().equals(List.of(Map.of("content", "", "state", "uploading")))
                && !a.findAll("#outbox progress").isEmpty());
    a.click("#outbox button[data-discard]");
    a.waitUntil("gone from the outbox", () -> a.outbox().isEmpty());
    a.throttleUploads(-1);
    a.send("after the cancel");
    a.waitUntil(
        "the next message confirmed", () -> a.outbox().isEmpty() && a.messages().size() == 1);
    assertThat(a.contents()).containsExactly("after the cancel");
    assertThat(restLastSeq(server.token(alice), roomId)).isEqualTo(before + 1);
  }

  @Test
  void aPhotoWhoseReceiptIsLostIsSentAgainWithTheSameUpload() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = browser(alice);
    a.load(server.url());
    a.js("localStorage.setItem('dugout.receiptTimeoutMs', '1500')");
    a.reload();
    a.signIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    b.openRoom(alice);
    a.loseIncomingFramesContaining("RECEIPT", "\"kind\":\"IMAGE\"");

    a.find("#composer-file").sendKeys(png("bat.png", 120, 90).toString());
    a.waitUntil(
        "shown as failed with a retry button",
        () ->
            a.outbox().equals(List.of(Map.of("content", "", "state", "failed")))
                && !a.findAll("#outbox button[data-retry]").isEmpty());
    b.waitUntil("bob has it already", () -> thumbnailWidths(b).equals(List.of(120L)));

    a.stopLosingFrames();
    // why: the outbox also sends again by itself, so Retry may have nothing left to do by now
    a.js("document.querySelector('#outbox button[data-retry]')?.click()");
    a.waitUntil(
        "confirmed after the retry", () -> a.outbox().isEmpty() && a.messages().size() == 1);
    var sends =
        a.frameLog().stream()
            .filter(f -> f.contains(">>> SEND") && f.contains("uploadId"))
            .toList();
    // why: the outbox sends again by itself while answers are lost, and once more on Retry
    assertThat(sends).as("sent again: the first answer was lost").hasSizeGreaterThanOrEqualTo(2);
    assertThat(sends.stream().map(FilesInTheBrowserTests::uploadIdIn).distinct())
        .as("every attempt names the one upload")
        .containsExactly(uploadIdIn(sends.getFirst()));
    assertThat(b.messages()).hasSize(1);
    assertThat(restLastSeq(server.token(bob), openRoomId(b))).isEqualTo(1);
  }

  /** The natural widths of the open room's thumbnails that have loaded. */
  @SuppressWarnings("unchecked")
  private static List<Long> thumbnailWidths(Browser browser) {
    return (List<Long>)
        browser.js(
            "return [...document.querySelectorAll('#message-list .photo img')]"
                + ".filter(img => img.complete && img.naturalWidth > 0).map(img => img.naturalWidth)");
  }

  /** A PNG with a gradient, so it is not a trivially small file. */
  private static Path png(String name, int width, int height) throws Exception {
    var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < width; x++) {
      for (int y = 0; y < height; y++) {
        image.setRGB(x, y, new Color(x * 255 / width, y * 255 / height, 90).getRGB());
      }
    }
    Path file = temp.resolve(name);
    ImageIO.write(image, "png", file.toFile());
    return file;
  }

  /** The SHA-256 of what a URL of the page (an expression) holds, hashed in the page. */
  private static String sha256Of(Browser browser, String urlExpression) {
    return (String)
        browser.jsAsync(
            "const done = arguments[arguments.length - 1];"
                + " fetch("
                + urlExpression
                + ").then(r => r.arrayBuffer()).then(b => crypto.subtle.digest('SHA-256', b))"
                + ".then(h => done([...new Uint8Array(h)].map(x => x.toString(16).padStart(2, '0')).join('')))"
                + ".catch(e => done('failed: ' + e))");
  }

  private static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  private static String uploadIdIn(String frame) {
    var m = java.util.regex.Pattern.compile("\"uploadId\":\"([^\"]+)\"").matcher(frame);
    assertThat(m.find()).as("an uploadId in %s", frame).isTrue();
    return m.group(1);
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (java.io.IOException e) {
      return new byte[0];
    }
  }
}
