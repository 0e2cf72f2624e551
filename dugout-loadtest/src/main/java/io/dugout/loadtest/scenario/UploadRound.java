package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.FileTransfer;
import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.SendStamp;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * One round of {@code upload} for one client, step by step as an app makes it: an upload slot, the
 * bytes to the slot's URL, an {@code IMAGE} (or {@code FILE}) message naming the upload sent over
 * STOMP and waited for until it comes back, then the room's other member downloads the file and, on
 * a share of the rounds, its thumbnail. On a share of the rounds the client then also sends a plain
 * {@code TEXT} message the same way, so the report holds a plain send beside the upload's.
 *
 * <p>Counting: a round is one attempt and one expected download; it is received when the download
 * (and the thumbnail, when asked for) came back whole. {@code sent} counts uploads completed (slot,
 * bytes and message). A plain send is an attempt of its own. Every failure is an error named by its
 * step and HTTP status.
 */
final class UploadRound {

  /**
   * The series of a run, and its byte counts; {@code thumbnail} and {@code plainSend} are null when
   * the run makes none.
   */
  record Series(
      LatencySeries slot,
      LatencySeries put,
      LatencySeries send,
      LatencySeries upload,
      LatencySeries download,
      LatencySeries thumbnail,
      LatencySeries plainSend,
      LongAdder uploadedBytes,
      LongAdder downloadedBytes) {

    static Series of(Metrics metrics, boolean thumbnails, boolean plainSends) {
      return new Series(
          metrics.series("slot"),
          metrics.series("put"),
          metrics.series("send"),
          metrics.series("upload"),
          metrics.series("download"),
          thumbnails ? metrics.series("thumbnail") : null,
          plainSends ? metrics.series("plain-send") : null,
          new LongAdder(),
          new LongAdder());
    }
  }

  /** What every client's rounds share. */
  record Plan(
      FileTransfer transfer,
      SampleFile file,
      String plainContent,
      double thumbnailShare,
      double plainShare,
      Duration timeout) {}

  /** One side of a room: its user's token and node. */
  record Member(String token, URI node) {}

  private final Plan plan;
  private final Metrics metrics;
  private final Series series;
  private final EchoedSender sender;
  private final String roomId;
  private final Member uploader;
  private final Member downloader;

  UploadRound(
      Plan plan,
      Metrics metrics,
      Series series,
      EchoedSender sender,
      String roomId,
      Member uploader,
      Member downloader) {
    this.plan = plan;
    this.metrics = metrics;
    this.series = series;
    this.sender = sender;
    this.roomId = roomId;
    this.uploader = uploader;
    this.downloader = downloader;
  }

  /** Round {@code round} of this client (0, 1, …), which decides its shares. */
  void run(long round) {
    metrics.attempts.increment();
    metrics.expected.increment();
    try {
      Uploaded uploaded = upload();
      if (uploaded != null && download(uploaded, round)) {
        metrics.received.increment();
      }
    } catch (DugoutApi.RequestFailedException ex) {
      metrics.error(ex.getMessage());
    }
    if (series.plainSend() != null && picks(plan.plainShare(), round)) {
      metrics.attempts.increment();
      SendStamp stamp = sender.nextStamp();
      try {
        series
            .plainSend()
            .recordMicros(
                sender.send(
                    roomId, stamp, Messages.json(stamp, plan.plainContent()), plan.timeout()));
      } catch (EchoedSender.Refused ex) {
        metrics.error("plain send: " + ex.getMessage());
      }
    }
  }

  /** An upload a message names, and its size as stored. */
  private record Uploaded(String uploadId, long size) {}

  /** Slot, bytes and message; the upload when all three worked, else null (an error). */
  private Uploaded upload() {
    SampleFile file = plan.file();
    long started = System.nanoTime();
    FileTransfer.Answer<FileTransfer.Slot> slot =
        plan.transfer()
            .openSlot(
                uploader.node(),
                uploader.token(),
                roomId,
                file.name(),
                file.bytes().length,
                file.type());
    long slotted = System.nanoTime();
    if (!slot.ok()) {
      metrics.error("slot: HTTP " + slot.status());
      return null;
    }
    series.slot().recordMicros((slotted - started) / 1000);
    FileTransfer.Answer<Long> stored = plan.transfer().upload(slot.value(), file.bytes());
    long put = System.nanoTime();
    if (!stored.ok()) {
      metrics.error("put: HTTP " + stored.status());
      return null;
    }
    series.put().recordMicros((put - slotted) / 1000);
    String uploadId = slot.value().uploadId();
    SendStamp stamp = sender.nextStamp();
    try {
      series.send().recordMicros(sender.send(roomId, stamp, body(stamp, uploadId), plan.timeout()));
    } catch (EchoedSender.Refused ex) {
      metrics.error("send: " + ex.getMessage());
      return null;
    }
    series.upload().recordMicros((System.nanoTime() - started) / 1000);
    series.uploadedBytes().add(file.bytes().length);
    metrics.sent.increment();
    return new Uploaded(uploadId, stored.value());
  }

  /** The other member's download, and on a share of the rounds the thumbnail; true when whole. */
  private boolean download(Uploaded uploaded, long round) {
    String path = "/api/v1/rooms/" + roomId + "/files/" + uploaded.uploadId();
    long started = System.nanoTime();
    FileTransfer.Answer<Long> file =
        plan.transfer().download(downloader.node(), downloader.token(), path);
    long micros = (System.nanoTime() - started) / 1000;
    if (!file.ok()) {
      metrics.error("download: HTTP " + file.status());
      return false;
    }
    if (file.value() != uploaded.size()) {
      metrics.error("download: " + file.value() + " bytes, stored " + uploaded.size());
      return false;
    }
    series.download().recordMicros(micros);
    series.downloadedBytes().add(file.value());
    if (series.thumbnail() == null || !picks(plan.thumbnailShare(), round)) {
      return true;
    }
    started = System.nanoTime();
    FileTransfer.Answer<Long> thumbnail =
        plan.transfer().download(downloader.node(), downloader.token(), path + "/thumbnail");
    micros = (System.nanoTime() - started) / 1000;
    if (!thumbnail.ok() || thumbnail.value() == 0) {
      metrics.error("thumbnail: HTTP " + thumbnail.status());
      return false;
    }
    series.thumbnail().recordMicros(micros);
    series.downloadedBytes().add(thumbnail.value());
    return true;
  }

  /** The message naming the upload: {@code IMAGE} for an image, else {@code FILE}. */
  private String body(SendStamp stamp, String uploadId) {
    return "{\"clientMsgId\":\""
        + stamp.clientMsgId()
        + "\",\"kind\":\""
        + (plan.file().image() ? "IMAGE" : "FILE")
        + "\",\"content\":\"\",\"attachments\":[{\"uploadId\":\""
        + uploadId
        + "\"}]}";
  }

  /**
   * Whether round {@code round} is among a {@code share} of the rounds, spread evenly (share 0.25:
   * rounds 3, 7, 11, …; share 1: every round).
   */
  static boolean picks(double share, long round) {
    return Math.floor((round + 1) * share) > Math.floor(round * share);
  }
}
