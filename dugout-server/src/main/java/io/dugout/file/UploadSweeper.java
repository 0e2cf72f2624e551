package io.dugout.file;

import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.system.PeriodicSweep;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes what no message keeps, every {@code dugout.files.sweep.interval}, on every node:
 *
 * <ul>
 *   <li>uploads no message uses whose slot expired more than the grace ago: bytes, thumbnail and
 *       record;
 *   <li>uploads marked as released with a message more than the grace ago (the deleting node
 *       stopped between its steps): removed when the message is deleted (kept as {@code HELD} when
 *       something holds them, {@link UploadHolds}), else the mark is cleared, as the delete never
 *       committed;
 *   <li>objects under {@code uploads/} and {@code thumbnails/} older than the grace with no upload
 *       record (a stop between storing bytes and writing or deleting the record): {@link
 *       OrphanSweep}.
 * </ul>
 *
 * <p>Every step is idempotent (deletes of absent things do nothing; a mark is cleared only if it is
 * still the one read), so nodes that sweep at once do the same work twice, never harm. A sweep does
 * at most {@link #CHUNK} of each kind per round and {@link #ROUNDS} rounds, so one sweep is bounded
 * in work; the next sweep goes on. One INFO line per sweep that removed something.
 */
final class UploadSweeper extends PeriodicSweep {

  private static final Logger log = LoggerFactory.getLogger(UploadSweeper.class);
  static final int CHUNK = 500;
  static final int ROUNDS = 20;

  private final UploadStore uploads;
  private final OrphanSweep orphans;
  private final MessageStore messages;
  private final UploadRemoval removal;
  private final FileMetrics metrics;
  private final FileProperties.Sweep settings;
  private final Clock clock;

  UploadSweeper(
      UploadStore uploads,
      FileStore files,
      UploadHolds holds,
      MessageStore messages,
      UploadRemoval removal,
      FileMetrics metrics,
      FileProperties properties,
      Clock clock) {
    super("dugout-file-sweep", properties.sweep().interval());
    this.uploads = uploads;
    this.settings = properties.sweep();
    this.orphans =
        new OrphanSweep(
            uploads,
            files,
            holds,
            metrics,
            properties.uploadExpiry().plus(settings.grace()),
            clock.instant());
    this.messages = messages;
    this.removal = removal;
    this.metrics = metrics;
    this.clock = clock;
  }

  /** What one sweep did. */
  record Swept(int expired, int released, int unmarked, int held, int orphans) {
    boolean removedAnything() {
      return expired + released + unmarked + held + orphans > 0;
    }
  }

  /** Sweeps as of {@code now}: what is older than {@code now} minus the grace goes. */
  Swept sweep(Instant now) throws IOException {
    Instant before = now.minus(settings.grace());
    int expired = 0;
    int released = 0;
    int unmarked = 0;
    int held = 0;
    for (int round = 0; round < ROUNDS && !Thread.currentThread().isInterrupted(); round++) {
      var unused = uploads.expiredUnused(before, CHUNK);
      for (Upload upload : unused) {
        if (removal.remove(upload) == UploadRemoval.Outcome.REMOVED) {
          expired++;
          metrics.expired();
        }
      }
      var marked = uploads.releasing(before, CHUNK);
      for (Upload upload : marked) {
        if (messageDeleted(upload.release())) {
          var outcome = removal.remove(upload);
          if (outcome == UploadRemoval.Outcome.REMOVED) {
            released++;
            metrics.messageDeleted();
          } else if (outcome == UploadRemoval.Outcome.HELD) {
            held++;
          }
        } else if (uploads.unrelease(upload.id(), upload.release())) {
          unmarked++;
        }
      }
      if (unused.size() < CHUNK && marked.size() < CHUNK) {
        break;
      }
    }
    return new Swept(expired, released, unmarked, held, orphans.sweep(before));
  }

  private boolean messageDeleted(Upload.Release release) {
    List<Message> found = messages.get(release.roomId(), List.of(release.seq()));
    return !found.isEmpty() && found.getFirst().deleted();
  }

  @Override
  protected void sweepQuietly() {
    try {
      var swept = sweep(clock.instant());
      if (swept.removedAnything()) {
        log.info(
            "Files swept: {} unused uploads past their expiry, {} uploads of deleted messages, {}"
                + " objects with no upload removed; {} release marks of undone deletes cleared; {}"
                + " uploads of deleted messages kept as evidence",
            swept.expired(),
            swept.released(),
            swept.orphans(),
            swept.unmarked(),
            swept.held());
      }
    } catch (IOException | RuntimeException e) {
      log.warn("Sweeping files failed (tried again in {}): {}", settings.interval(), e.toString());
    }
  }
}
