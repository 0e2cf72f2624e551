package io.dugout.screen;

import io.dugout.message.MessageScreen;
import io.dugout.notification.webhook.WebhookSignature;
import io.dugout.screen.HookMetrics.Outcome;
import io.dugout.system.DugoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Asks the product's backend about each message and edit: one signed POST ({@link HookRequest},
 * {@code Dugout-Signature} as the webhook's), answered by {@link HookAnswer}. The send waits on its
 * own thread for at most the timeout, a free call included; kept-alive connections are reused and
 * at most {@code concurrency} calls are in flight. Without a usable answer (timeout, no free call,
 * no connection, a status other than 2xx, a body that is no answer) the configured failure mode
 * decides: allow the message as it is, or refuse it with {@code unavailable}.
 */
final class BeforeSendHook implements MessageScreen, AutoCloseable {

  static final String USER_AGENT = "Dugout-Hook/1";

  private final URI url;
  private final Duration timeout;
  private final boolean failOpen;
  private final WebhookSignature signature;
  private final Semaphore calls;
  private final HttpClient http;
  private final RoomTypes rooms;
  private final JsonMapper json;
  private final HookMetrics metrics;
  private final Clock clock;
  private final int maxAnswerBytes;

  BeforeSendHook(
      BeforeSendHookProperties properties,
      RoomTypes rooms,
      JsonMapper json,
      HookMetrics metrics,
      Clock clock,
      int maxAnswerBytes) {
    this.url = properties.url();
    this.timeout = properties.timeout();
    this.failOpen = properties.failure() == BeforeSendHookProperties.Failure.ALLOW;
    this.signature = new WebhookSignature(properties.secret());
    this.calls = new Semaphore(properties.concurrency());
    this.rooms = rooms;
    this.json = json;
    this.metrics = metrics;
    this.clock = clock;
    this.maxAnswerBytes = maxAnswerBytes;
    // why HTTP/1.1: on an http URL the default would offer an h2c upgrade on every new connection
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @Override
  public boolean callsOut() {
    return true;
  }

  @Override
  public Verdict screen(Candidate candidate) {
    long start = System.nanoTime();
    byte[] body = json.writeValueAsBytes(HookRequest.of(candidate, rooms.of(candidate.roomId())));
    Outcome outcome;
    Verdict verdict = null;
    try {
      verdict = call(body, start);
      outcome =
          verdict == null
              ? Outcome.INVALID
              : switch (verdict.action()) {
                case ALLOW -> Outcome.ALLOW;
                case REFUSE -> Outcome.REJECT;
                case REPLACE -> Outcome.REPLACE;
              };
    } catch (Failed e) {
      outcome = e.outcome;
    }
    metrics.record(outcome, start);
    if (verdict != null) {
      return verdict;
    }
    if (failOpen) {
      return Verdict.ALLOW;
    }
    throw DugoutException.unavailable(
        "the message could not be checked ("
            + outcome.name().toLowerCase()
            + "); nothing was stored: resend it with the same clientMsgId");
  }

  /** The backend's verdict, null for a 2xx that states none. */
  private Verdict call(byte[] body, long start) throws Failed {
    long deadline = start + timeout.toNanos();
    try {
      if (!calls.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw new Failed(Outcome.BUSY);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Failed(Outcome.ERROR);
    }
    try {
      var request =
          HttpRequest.newBuilder(url)
              .timeout(timeout)
              .header("Content-Type", "application/json")
              .header("User-Agent", USER_AGENT)
              .header(WebhookSignature.HEADER, signature.sign(body, clock.instant()))
              .POST(HttpRequest.BodyPublishers.ofByteArray(body))
              .build();
      var answer = new BoundedBody(maxAnswerBytes);
      var pending =
          http.sendAsync(request, info -> HttpResponse.BodySubscribers.ofByteArrayConsumer(answer));
      HttpResponse<Void> response;
      try {
        response = pending.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        pending.cancel(true);
        throw new Failed(Outcome.TIMEOUT);
      } catch (InterruptedException e) {
        pending.cancel(true);
        Thread.currentThread().interrupt();
        throw new Failed(Outcome.ERROR);
      } catch (ExecutionException e) {
        throw new Failed(
            e.getCause() instanceof HttpTimeoutException ? Outcome.TIMEOUT : Outcome.ERROR);
      }
      int status = response.statusCode();
      if (status < 200 || status > 299) {
        throw new Failed(Outcome.ERROR);
      }
      return answer.overflowed() ? null : HookAnswer.read(json, answer.bytes());
    } finally {
      calls.release();
    }
  }

  @Override
  public void close() {
    http.shutdownNow();
  }

  /** A call that gave no answer, and why. */
  private static final class Failed extends Exception {
    final Outcome outcome;

    Failed(Outcome outcome) {
      super(null, null, false, false);
      this.outcome = outcome;
    }
  }
}
