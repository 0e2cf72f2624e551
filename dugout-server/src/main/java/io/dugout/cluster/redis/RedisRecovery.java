package io.dugout.cluster.redis;

import io.dugout.system.BackendOutage;
import io.lettuce.core.RedisCommandExecutionException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.RedisConnectionCommands;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Brings a node back to Redis after an outage, whether or not anything on it calls Redis meanwhile.
 * While Redis is away it pings whenever the outage's back-off lets one caller through ({@link
 * BackendOutage#tryNow}), so the outage ends, with its one line, as soon as Redis answers; while
 * Redis answers it runs the tasks that restore what the outage cost ({@link #whenReachable}: the
 * Pub/Sub subscriptions). It pings as the node starts, so that a Redis away at startup is reported
 * then (after {@link #STARTUP_GRACE}), not at the first request. One daemon thread, waking every
 * {@link #TICK}.
 */
final class RedisRecovery implements SmartLifecycle {

  static final Duration TICK = Duration.ofMillis(250);

  /** How long the first ping may keep failing before Redis counts as away at startup. */
  static final Duration STARTUP_GRACE = Duration.ofSeconds(3);

  private final StringRedisTemplate redis;
  private final BackendOutage outage;
  private final List<Runnable> tasks = new CopyOnWriteArrayList<>();
  private final long started = System.nanoTime();
  private ScheduledExecutorService timer;
  private boolean checked;

  RedisRecovery(StringRedisTemplate redis, BackendOutage outage) {
    this.redis = redis;
    this.outage = outage;
  }

  /** The outages of this node's Redis, which every Redis adapter here reports to. */
  BackendOutage outage() {
    return outage;
  }

  /** Runs {@code task} on this thread at every tick while Redis answers; it must not throw. */
  void whenReachable(Runnable task) {
    tasks.add(task);
  }

  /** One round: a ping when one is due, then the tasks if Redis answers. */
  void tick() {
    if (!checked) {
      var failure = ping(redis);
      // why: a cold client's first command can outlast the command timeout; a Redis that is
      // there answers within the grace, one that is not is reported once it is over
      if (failure == null || System.nanoTime() - started > STARTUP_GRACE.toNanos()) {
        checked = true;
        report(failure, outage);
      }
    } else if (outage.down() && outage.tryNow()) {
      report(ping(redis), outage);
    }
    if (!outage.down()) {
      for (var task : tasks) {
        try {
          task.run();
        } catch (RuntimeException e) {
          // why: a task that threw would end the schedule, and with it every later recovery
          outage.failed(e);
        }
      }
    }
  }

  /**
   * Whether a failure means Redis is away (unreachable, disconnected, timing out), not that it
   * answered with an error (a command refused for a permission, for memory, while loading): the
   * node's Redis {@link BackendOutage} tells the two apart with it.
   */
  static boolean isOutage(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof RedisCommandExecutionException) {
        return false;
      }
    }
    return true;
  }

  /** Pings Redis and tells the outage how it went. */
  static void ping(StringRedisTemplate redis, BackendOutage outage) {
    report(ping(redis), outage);
  }

  /** Why Redis did not answer a {@code PING}, or null when it did. */
  private static RuntimeException ping(StringRedisTemplate redis) {
    try {
      redis.execute((RedisCallback<String>) RedisConnectionCommands::ping);
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }

  private static void report(RuntimeException failure, BackendOutage outage) {
    if (failure == null) {
      outage.succeeded();
    } else {
      outage.failed(failure);
    }
  }

  @Override
  public synchronized void start() {
    if (timer != null) {
      return;
    }
    timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("dugout-redis-recovery").daemon().factory());
    timer.scheduleWithFixedDelay(this::tick, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void stop() {
    if (timer != null) {
      timer.shutdownNow();
      timer = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return timer != null;
  }
}
