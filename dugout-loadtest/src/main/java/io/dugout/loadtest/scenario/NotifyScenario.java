package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HttpConnection;
import io.dugout.loadtest.api.HttpConnections;
import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.report.RunResult;
import io.dugout.loadtest.stomp.SendStamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * {@code notify}: N users hold one session each, subscribed to {@code /user/queue/notifications}; S
 * senders post batches of B recipients to {@code POST /api/v1/notifications} with a service token,
 * at a total rate of batches per second (open loop) or each right after its previous answer (closed
 * loop). Measures notifications stored per second (each recipient counts), the HTTP latency of a
 * batch, and live delivery latency from just before the POST to the recipient's MESSAGE; a
 * recipient's missing delivery is lost.
 */
public final class NotifyScenario implements Scenario {

  static final String QUEUE = "/user/queue/notifications";

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int users = options.integer("users");
    int batch = options.integer("batch");
    int senders = options.integer("senders");
    if (users < 1 || senders < 1 || batch < 1 || batch > 1000) {
      throw new UsageException(
          "--users and --senders must be at least 1, --batch between 1 and 1000");
    }
    if (batch > users) {
      throw new UsageException("--batch " + batch + " names more recipients than --users " + users);
    }
    Metrics metrics = context.metrics();
    LatencySeries batchLatency = metrics.series("batch");
    metrics.series("delivery");
    List<String> userIds = Population.userIds("lt-notify-", users);
    List<String> tokens = Population.tokens(context, userIds);
    String serviceToken = context.tokens().serviceToken();
    Preflight.stomp(context, tokens.get(0));

    context.phase("connect");
    List<NotifiedUser> sessions =
        Population.parallel(
            users, i -> NotifiedUser.connect(context, metrics, i, tokens.get(i), userIds.get(i)));
    List<String> recipients =
        sessions.stream().filter(NotifiedUser::subscribed).map(NotifiedUser::userId).toList();
    if (recipients.size() < batch) {
      throw new TargetException(
          "only "
              + recipients.size()
              + " of "
              + users
              + " sessions could subscribe to "
              + QUEUE
              + ", fewer than --batch "
              + batch);
    }

    boolean closedLoop = options.flag("closed-loop");
    double rate = options.decimal("rate");
    Duration duration = options.duration("duration");
    Histogram perBatch = new ConcurrentHistogram(3);
    AtomicLong offset = new AtomicLong();
    String body = Messages.content(options.integer("message-bytes"));
    try (HttpConnections http = context.http()) {
      context.phase("run");
      metrics.startMeasuring();
      long start = System.nanoTime();
      long end = start + duration.toNanos();
      long period = closedLoop ? 0 : Math.max(1, Math.round(1e9 * senders / rate));
      try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int s = 0; s < senders; s++) {
          int sender = s;
          executor.submit(
              () -> {
                try (HttpConnection connection = http.open(sender)) {
                  long next = start + LiveLoad.randomBelow(period);
                  for (long counter = 0; System.nanoTime() < end; counter++) {
                    if (!closedLoop) {
                      Pacing.sleepUntil(next);
                      next += period;
                      if (System.nanoTime() >= end) {
                        break;
                      }
                    }
                    List<String> to = slice(recipients, offset.getAndAdd(batch), batch);
                    SendStamp stamp = new SendStamp(sender, counter, SendStamp.now());
                    metrics.attempts.increment();
                    long sent = System.nanoTime();
                    var response = post(context, connection, serviceToken, to, stamp, body);
                    long micros = Math.max(1, (System.nanoTime() - sent) / 1000);
                    if (response == null) {
                      continue;
                    }
                    if (response.status() != 201) {
                      metrics.error("HTTP " + response.status() + ": " + response.text());
                      continue;
                    }
                    batchLatency.recordMicros(micros);
                    perBatch.recordValue(micros);
                    metrics.sent.add(to.size());
                    metrics.expected.add(to.size());
                  }
                }
              });
        }
      }
      context.phase("drain");
      long drainEnd = System.nanoTime() + options.duration("drain").toNanos();
      while (metrics.received.sum() < metrics.expected.sum() && System.nanoTime() < drainEnd) {
        Thread.sleep(20);
      }
      metrics.stopMeasuring();
      metrics.window("batch", (Math.min(System.nanoTime(), end) - start) / 1e9);
    }
    context.phase("close");
    sessions.forEach(NotifiedUser::close);
    return new Outcome(
        List.of(costTable(perBatch, batch)),
        List.of(
            recipients.size()
                + " sessions subscribed to "
                + QUEUE
                + ", "
                + senders
                + " senders posting batches of "
                + batch
                + ", "
                + (closedLoop
                    ? "closed loop (next batch after the previous answer)"
                    : "open loop at " + rate + " batches/s")
                + "; sent = notifications stored (each recipient of a 201 counts), expected = one"
                + " live delivery per stored notification, delivery = just before the POST → the"
                + " recipient's MESSAGE, batch = the POST's HTTP latency"));
  }

  /** {@code count} recipients from {@code from} on, wrapping around. */
  static List<String> slice(List<String> recipients, long from, int count) {
    List<String> slice = new ArrayList<>(count);
    int n = recipients.size();
    int first = (int) (from % n);
    for (int i = 0; i < count; i++) {
      slice.add(recipients.get((first + i) % n));
    }
    return slice;
  }

  /** The request body: the stamp rides in {@code data} so every recipient can time its copy. */
  static String json(List<String> userIds, SendStamp stamp, String body) {
    StringBuilder json = new StringBuilder(64 + userIds.size() * 20 + body.length());
    json.append("{\"userIds\":[");
    for (int i = 0; i < userIds.size(); i++) {
      if (i > 0) {
        json.append(',');
      }
      json.append('"').append(userIds.get(i)).append('"');
    }
    return json.append("],\"kind\":\"loadtest.notify\",\"title\":\"load test\",\"body\":\"")
        .append(body)
        .append("\",\"data\":{\"clientMsgId\":\"")
        .append(stamp.clientMsgId())
        .append("\"}}")
        .toString();
  }

  private static DugoutApi.Response post(
      RunContext context,
      HttpConnection connection,
      String token,
      List<String> to,
      SendStamp stamp,
      String body) {
    try {
      return connection.request("POST", "/api/v1/notifications", token, json(to, stamp, body));
    } catch (RuntimeException ex) {
      context.metrics().error(String.valueOf(ex.getMessage()));
      return null;
    }
  }

  private static RunResult.Table costTable(Histogram perBatch, int batch) {
    long batches = perBatch.getTotalCount();
    return new RunResult.Table(
        "cost of a batch",
        List.of(
            "recipients",
            "batches",
            "p50 ms",
            "p99 ms",
            "max ms",
            "p50 µs per recipient",
            "p99 µs per recipient"),
        List.of(
            List.of(
                String.valueOf(batch),
                String.valueOf(batches),
                ms(perBatch.getValueAtPercentile(50)),
                ms(perBatch.getValueAtPercentile(99)),
                ms(perBatch.getMaxValue()),
                perRecipient(perBatch.getValueAtPercentile(50), batch),
                perRecipient(perBatch.getValueAtPercentile(99), batch))));
  }

  private static String ms(double micros) {
    return String.format(Locale.ROOT, "%.3f", micros / 1000);
  }

  private static String perRecipient(double micros, int batch) {
    return String.format(Locale.ROOT, "%.1f", micros / batch);
  }
}
