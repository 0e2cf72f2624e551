package io.dugout.system;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Status;

/**
 * One remote backend's outages as this node sees them: whether the backend is away now, when to try
 * it again, and what an operator reads about it. Each adapter of a remote backend (Redis, MongoDB)
 * keeps one and tells it how its calls went.
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>exactly one WARN line when an outage begins (the first failure while the backend counted as
 *       reachable, at startup too) and one INFO line when it ends (the first success after that),
 *       however many calls fail in between;
 *   <li>while the backend is away, {@link #tryNow} lets one caller through at a time: first {@code
 *       firstRetry} after the outage began, then each time twice as long after the last failed try,
 *       never longer than {@code maxRetry}. Everyone else skips the backend at once, so no caller
 *       waits for a backend known to be away;
 *   <li>{@link #meters} counts the outages ({@code dugout.backend.outages}) and shows whether one
 *       is under way ({@code dugout.backend.down}, 1 or 0), both tagged {@code backend=name};
 *   <li>a failure that is not an outage (the backend answered, with an error: a refused command, a
 *       missing permission) proves the backend reachable: it ends an outage like a success, and is
 *       logged at most once in 30 s.
 * </ul>
 *
 * <p>Thread-safe and never throws; {@link #tryNow} and {@link #succeeded} cost one volatile read
 * while the backend answers.
 */
public final class BackendOutage {

  /**
   * The health status of a part of the node that works without its backend, only slower or with
   * less: readiness counts it as ready (HTTP 200), and it ranks between {@code OUT_OF_SERVICE} and
   * {@code UP}, so a node with such a part reports {@code DEGRADED} overall ({@code
   * management.endpoint.health.status.order} in {@code application.yml}).
   */
  public static final Status DEGRADED = new Status("DEGRADED");

  private static final Logger log = LoggerFactory.getLogger(BackendOutage.class);
  private static final long REFUSALS_LOGGED_EVERY = Duration.ofSeconds(30).toNanos();

  private final String name;
  private final String backend;
  private final String consequence;
  private final long firstRetry;
  private final long maxRetry;
  private final Predicate<Throwable> isOutage;
  private final LongAdder failures = new LongAdder();
  private final AtomicLong retryAt = new AtomicLong();
  private volatile boolean down;
  private long outages;
  private long since;
  private long failuresBefore;
  private long interval;
  private long intervalFrom;
  private long refusalLogged = System.nanoTime() - REFUSALS_LOGGED_EVERY;

  /**
   * @param name the backend's tag in the meters, lower case ({@code redis}, {@code mongodb})
   * @param backend the backend in the log lines, with where it is ({@code Redis at redis:6379})
   * @param consequence what the node does while it is away, for the WARN line
   */
  public BackendOutage(
      String name, String backend, String consequence, Duration firstRetry, Duration maxRetry) {
    this(name, backend, consequence, firstRetry, maxRetry, failure -> true);
  }

  /**
   * @param isOutage whether a failure means the backend is away, not that it answered with an error
   */
  public BackendOutage(
      String name,
      String backend,
      String consequence,
      Duration firstRetry,
      Duration maxRetry,
      Predicate<Throwable> isOutage) {
    if (firstRetry.isNegative() || maxRetry.compareTo(firstRetry) < 0) {
      throw new IllegalArgumentException("retries must satisfy 0 <= first <= max");
    }
    this.name = name.toLowerCase(Locale.ROOT);
    this.backend = backend;
    this.consequence = consequence;
    this.firstRetry = firstRetry.toNanos();
    this.maxRetry = maxRetry.toNanos();
    this.isOutage = isOutage;
  }

  /**
   * Whether to call the backend now: always while it answers; while it is away, true for one caller
   * once its next retry is due, who then reports {@link #failed} or {@link #succeeded}.
   */
  public boolean tryNow() {
    if (!down) {
      return true;
    }
    long at = retryAt.get();
    long now = System.nanoTime();
    // why: one caller per due retry; the others skip until this one has reported
    return now - at >= 0 && retryAt.compareAndSet(at, now + maxRetry);
  }

  /** A call failed: the backend is away (unreachable, timing out), or refused the call. */
  public void failed(Throwable cause) {
    failures.increment();
    long now = System.nanoTime();
    if (!isOutage.test(cause)) {
      refused(cause, now);
      return;
    }
    synchronized (this) {
      if (!down) {
        outages++;
        since = now;
        failuresBefore = failures.sum() - 1;
        interval = firstRetry;
        intervalFrom = now;
        down = true;
        log.warn(
            "{} is unreachable ({}); {}. One more line when it answers again",
            backend,
            summary(cause),
            consequence);
      } else if (now - intervalFrom >= interval) {
        // why: only a try made after the last back-off doubles it; calls that were already under
        // way when the outage began fail within it and must not
        interval = Math.min(interval * 2, maxRetry);
        intervalFrom = now;
      }
      retryAt.set(now + interval);
    }
  }

  /** A call succeeded: the backend answers. */
  public void succeeded() {
    if (!down) {
      return;
    }
    synchronized (this) {
      if (!down) {
        return;
      }
      // why: logged before the gauge says so, so whoever sees the outage over also finds its line
      log.info(
          "{} answers again after {} ({} failures meanwhile)",
          backend,
          seconds(System.nanoTime() - since),
          failures.sum() - failuresBefore);
      down = false;
    }
  }

  private void refused(Throwable cause, long now) {
    succeeded();
    synchronized (this) {
      if (now - refusalLogged < REFUSALS_LOGGED_EVERY) {
        return;
      }
      refusalLogged = now;
    }
    log.warn("{} refused a call ({}); more within 30 s not logged", backend, summary(cause));
  }

  /** Whether an outage is under way: the last call failed and none has succeeded since. */
  public boolean down() {
    return down;
  }

  /** How many outages began since this node started. */
  public synchronized long outages() {
    return outages;
  }

  /** How many calls failed since this node started. */
  public long failures() {
    return failures.sum();
  }

  /** The backend's tag in the meters. */
  public String name() {
    return name;
  }

  /** Registers {@code dugout.backend.outages} and {@code dugout.backend.down} for this backend. */
  public MeterBinder meters() {
    return registry -> {
      FunctionCounter.builder("dugout.backend.outages", this, BackendOutage::outages)
          .tag("backend", name)
          .description("outages of the backend that began on this node (one WARN line each)")
          .register(registry);
      Gauge.builder("dugout.backend.down", this, o -> o.down() ? 1 : 0)
          .tag("backend", name)
          .description("1 while this node finds the backend away, else 0")
          .register(registry);
    };
  }

  /**
   * The innermost cause's type and the first sentence of its message. why: clients wrap the reason
   * ("Connection refused", "Command timed out") in generic exceptions, and drivers' messages run
   * long.
   */
  private static String summary(Throwable failure) {
    Throwable cause = failure;
    for (int depth = 0; cause.getCause() != null && depth < 20; depth++) {
      cause = cause.getCause();
    }
    String message = cause.getMessage() == null ? "" : cause.getMessage();
    int end = message.indexOf(". ");
    String first = end > 0 ? message.substring(0, end) : message;
    return cause.getClass().getSimpleName() + (first.isEmpty() ? "" : " (" + first + ")");
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }
}
