package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.FileTransfer;
import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.report.RunResult;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code upload}: C clients in rooms of two, each running up to L {@link UploadRound rounds} —
 * slot, bytes, a message naming the upload, the other member's download (and thumbnail) — one after
 * the other, for at most {@code --duration}. Each client first runs {@code --warm-up-requests}
 * rounds unmeasured. Reports uploads/s, each step's latency, bytes per second up and down, and a
 * plain {@code TEXT} send by the same clients in the same run beside the upload's send.
 */
public final class UploadScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int clients = Math.max(1, options.integer("clients"));
    double thumbnailShare = options.decimal("thumbnail-share");
    double plainShare = options.decimal("plain-share");
    if (thumbnailShare < 0 || thumbnailShare > 1 || plainShare < 0 || plainShare > 1) {
      throw new UsageException("--thumbnail-share and --plain-share are from 0 to 1");
    }
    SampleFile file =
        SampleFile.of(options.string("file-kind"), SampleFile.parseSize(options.string("size")));

    // why: rooms of two; with an odd count the last client's partner only downloads
    List<String> userIds = Population.userIds("lt-uploader-", clients + clients % 2);
    List<List<String>> pairs = new ArrayList<>();
    for (int u = 0; u < userIds.size(); u += 2) {
      pairs.add(userIds.subList(u, u + 2));
    }
    List<String> roomIds = Population.rooms(context, context.tokens().serviceToken(), pairs);
    List<String> tokens = Population.tokens(context, userIds);
    Preflight.stomp(context, tokens.get(0));
    List<EchoedSender> senders =
        Population.parallel(
            clients,
            c -> {
              EchoedSender sender = new EchoedSender(c);
              try {
                sender.connect(context, tokens.get(c), roomIds.get(c / 2));
              } catch (Exception ex) {
                throw new TargetException("connecting client " + c + " failed: " + ex, ex);
              }
              return sender;
            });

    Metrics metrics = context.metrics();
    UploadRound.Series series =
        UploadRound.Series.of(metrics, file.image() && thumbnailShare > 0, plainShare > 0);
    UploadRound.Plan plan =
        new UploadRound.Plan(
            new FileTransfer(context.timeout()),
            file,
            Messages.content(options.integer("message-bytes")),
            thumbnailShare,
            plainShare,
            context.timeout());
    List<UploadRound> rounds = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      rounds.add(
          new UploadRound(
              plan,
              metrics,
              series,
              senders.get(c),
              roomIds.get(c / 2),
              member(context, tokens, c),
              member(context, tokens, c ^ 1)));
    }
    try {
      int warmUp = options.integer("warm-up-requests");
      if (warmUp > 0) {
        context.phase("warm-up");
        runClients(rounds, warmUp, Duration.ZERO);
        series.uploadedBytes().reset();
        series.downloadedBytes().reset();
      }
      context.phase("upload");
      metrics.startMeasuring();
      long started = System.nanoTime();
      runClients(rounds, options.integer("requests"), options.duration("duration"));
      double seconds = (System.nanoTime() - started) / 1e9;
      metrics.stopMeasuring();
      return new Outcome(
          List.of(steps(series), throughput(series, metrics, seconds)), notes(file, options));
    } finally {
      senders.forEach(EchoedSender::close);
    }
  }

  /**
   * User {@code user}'s token and node: user {@code i} of {@code n} nodes goes to {@code i mod n}.
   */
  private static UploadRound.Member member(RunContext context, List<String> tokens, int user) {
    List<URI> nodes = context.nodes();
    return new UploadRound.Member(tokens.get(user), nodes.get(user % nodes.size()));
  }

  /**
   * Each client is a virtual thread running its rounds one after the other: {@code requests} of
   * them, and none started after {@code duration} (zero: no time limit).
   */
  private static void runClients(List<UploadRound> rounds, int requests, Duration duration) {
    long stopAt = System.nanoTime() + (duration.isZero() ? Long.MAX_VALUE / 2 : duration.toNanos());
    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
      for (UploadRound round : rounds) {
        executor.submit(
            () -> {
              for (int r = 0; r < requests && System.nanoTime() < stopAt; r++) {
                round.run(r);
              }
            });
      }
    }
  }

  private static RunResult.Table steps(UploadRound.Series series) {
    List<List<String>> rows = new ArrayList<>();
    List<LatencySeries> all = new ArrayList<>();
    all.addAll(List.of(series.slot(), series.put(), series.send(), series.upload()));
    all.add(series.download());
    if (series.thumbnail() != null) {
      all.add(series.thumbnail());
    }
    if (series.plainSend() != null) {
      all.add(series.plainSend());
    }
    for (LatencySeries step : all) {
      rows.add(
          List.of(
              step.name(),
              String.valueOf(step.count()),
              ms(step.percentileMillis(50)),
              ms(step.percentileMillis(90)),
              ms(step.percentileMillis(99))));
    }
    return new RunResult.Table(
        "steps", List.of("step", "count", "p50 ms", "p90 ms", "p99 ms"), rows);
  }

  private static RunResult.Table throughput(
      UploadRound.Series series, Metrics metrics, double seconds) {
    long uploads = metrics.sent.sum();
    long up = series.uploadedBytes().sum();
    long down = series.downloadedBytes().sum();
    return new RunResult.Table(
        "throughput",
        List.of("uploads", "uploads/s", "MB up", "MB/s up", "MB down", "MB/s down"),
        List.of(
            List.of(
                String.valueOf(uploads),
                String.format(Locale.ROOT, "%.1f", uploads / Math.max(1e-9, seconds)),
                megabytes(up),
                megabytes(up / Math.max(1e-9, seconds)),
                megabytes(down),
                megabytes(down / Math.max(1e-9, seconds)))));
  }

  private static List<String> notes(SampleFile file, Options options) {
    return List.of(
        "each round: POST …/uploads (slot) → PUT the bytes to the slot's URL (put) → SEND an "
            + (file.image() ? "IMAGE" : "FILE")
            + " message over STOMP until it comes back (send) — upload is the three together —"
            + " then the room's other member GETs the file (download, a redirect followed"
            + " without the token) and on a share of "
            + options.string("thumbnail-share")
            + " its thumbnail",
        "file: "
            + file.name()
            + ", "
            + file.type()
            + ", "
            + file.bytes().length
            + " bytes of random content; plain-send: a TEXT message of "
            + options.string("message-bytes")
            + " bytes sent the same way by the same clients on a share of "
            + options.string("plain-share")
            + " of the rounds",
        "sent = uploads completed; a round is received when its download (and thumbnail) came"
            + " back whole; errors are named by step and HTTP status");
  }

  private static String ms(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }

  private static String megabytes(double bytes) {
    return String.format(Locale.ROOT, "%.2f", bytes / (1024 * 1024));
  }
}
