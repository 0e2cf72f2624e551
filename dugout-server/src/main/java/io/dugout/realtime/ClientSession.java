package io.dugout.realtime;

import io.dugout.auth.Caller;
import io.dugout.message.NoWait;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;

/**
 * One client connection: who it is, its subscriptions, and its bounded outbound queue.
 *
 * <p>Anyone may {@link #send} from any thread without blocking; one writer at a time drains the
 * queue to the socket, packing several frames into one WebSocket message when they queue up. How a
 * batch is written, and until when it counts against the budget, is its {@link BatchWriter}'s. When
 * the queue passes its frame or byte budget the client is too slow and is disconnected: its backlog
 * never grows without bound and never delays anyone else.
 *
 * <p>A close the client asked for (DISCONNECT, or an ERROR for its frame) is done on the session's
 * inbound thread, after the writer finished: Tomcat reads no further frame of the connection
 * meanwhile, so the client's own close frame cannot overtake ours (Tomcat would then drop the
 * connection without sending ours: the client sees the stream end without a close frame).
 *
 * <p>On the Netty listener ({@code NettyConnection}) writes never block, so the thread that queues
 * a frame into an idle session drains the queue itself and hands each batch to the connection's
 * event loop. Its inbound thread is the connection's {@link SerialRunner}, which reads no further
 * frame meanwhile either.
 *
 * <p>Over 300 lines: the queue's budget, the single writer, the close that waits for the writer and
 * the slow-consumer accounting all work on the same few atomic fields; the queue itself is {@link
 * OutboundQueue}.
 */
public final class ClientSession {

  private static final Logger log = LoggerFactory.getLogger(ClientSession.class);
  public static final CloseStatus SLOW = new CloseStatus(1013, "slow consumer");
  private static final int MAX_BATCH_SIZE = 64 * 1024;
  private static final Runnable NOTHING = () -> {};

  private final WebSocketSession socket;
  private final BatchWriter writer;
  private final Executor writers;
  private final Limits limits;
  private final OutboundQueue queue;
  private final AtomicBoolean writing = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
  private volatile CloseStatus closeAfterFlush;
  private volatile Thread flushWaiter;
  private volatile CloseStatus closedWith;
  private volatile boolean closeSent;
  private volatile long writeStartedNanos;
  private volatile Caller caller;
  private volatile long tokenExpiresAtMs = Long.MAX_VALUE;
  private volatile boolean revoked;
  private volatile long clientBeatMs;
  private volatile long serverBeatMs;

  /** When the connection opened: CONNECT is due within the connect time limit of it. */
  final long openedAt = System.currentTimeMillis();

  /** When the client's last bytes arrived: the heart-beat check's measure of a live client. */
  volatile long lastReceivedAt = openedAt;

  /**
   * Whether a frame of the session is being handled: its next bytes, heart-beats too, may wait
   * unread or unhandled meanwhile (a long store write), so its silence is not counted.
   */
  volatile boolean handling;

  volatile long lastSentAt = System.currentTimeMillis();

  ClientSession(WebSocketSession socket, Executor writers, Limits limits) {
    this.socket = socket;
    this.writer = BatchWriter.of(socket);
    this.writers = writers;
    this.limits = limits;
    this.queue = new OutboundQueue(limits.memory());
  }

  public String id() {
    return socket.getId();
  }

  Caller caller() {
    return caller;
  }

  boolean connected() {
    return caller != null;
  }

  void connected(Caller caller, Instant tokenExpiresAt, long clientBeatMs, long serverBeatMs) {
    this.caller = caller;
    tokenRefreshed(tokenExpiresAt);
    this.clientBeatMs = clientBeatMs;
    this.serverBeatMs = serverBeatMs;
  }

  /** The session now runs on a token that expires then (null: a token without expiry). */
  void tokenRefreshed(Instant tokenExpiresAt) {
    this.tokenExpiresAtMs = tokenExpiresAt == null ? Long.MAX_VALUE : tokenExpiresAt.toEpochMilli();
  }

  /** Its user was banned: from now on the session takes no frame but ends (see SessionBans). */
  void revoke() {
    revoked = true;
  }

  boolean revoked() {
    return revoked;
  }

  /** Whether the token the session authenticated with has expired by {@code nowMs}. */
  boolean tokenExpired(long nowMs) {
    return nowMs >= tokenExpiresAtMs;
  }

  /** How often the client promised to send (0: never); the server drops it after 3 misses. */
  long clientBeatMs() {
    return clientBeatMs;
  }

  long serverBeatMs() {
    return serverBeatMs;
  }

  Map<String, Subscription> subscriptions() {
    return subscriptions;
  }

  boolean isOpen() {
    return !closed.get() && closeAfterFlush == null;
  }

  /**
   * Whether frames the client sent may still be handled: the session is open and so is its
   * connection. why: a connection that dropped (the client aborted it, a reset) is told to the
   * session only after the frames read before it; those frames would cost a store write each, and
   * their answers could go nowhere — the client resends what it was not answered, on its next
   * connection. A client that closes politely keeps its connection until they are handled.
   */
  boolean readable() {
    return isOpen() && socket.isOpen();
  }

  /** Queues a frame; false when the session is closed or was just closed for being slow. */
  boolean send(Outgoing frame) {
    if (!isOpen()) {
      return false;
    }
    if (!queue.admit(frame, limits.maxQueuedFrames(), limits.maxQueuedBytes())) {
      closeSlow(queue.frames() + " frames, " + queue.bytes() + " bytes queued");
      return false;
    }
    if (limits.memory().tooMuch(queue.bytes())) {
      closeSlow(
          queue.bytes()
              + " bytes queued while the node's outbound budget of "
              + limits.memory().budget()
              + " bytes is spent");
      return false;
    }
    if (closed.get()) {
      // why: closed while the frame went in; the close's own clear may have missed it
      queue.clear();
      return false;
    }
    scheduleWrite();
    return true;
  }

  void send(String frame) {
    send(new Outgoing.Text(frame));
  }

  /**
   * Sends this frame last, then closes the connection (STOMP ERROR, DISCONNECT receipts). Call it
   * only on the session's inbound thread: see {@link #flushAndClose}. Refused, with nothing queued,
   * in a {@link NoWait#attempt}.
   */
  void sendAndClose(String frame, CloseStatus status) {
    // why: the close waits for the writer, which on an event loop is the loop itself
    NoWait.refuseInAttempt();
    if (!isOpen()) {
      return;
    }
    queue.addLast(new Outgoing.Text(frame));
    flushAndClose(status);
  }

  /**
   * Takes no more frames, waits until the writer has written what is queued, then closes the
   * connection on the calling thread. Call it only on the session's inbound thread: it returns once
   * the close frame is written, so the client's close frame, read after that, finds ours sent. A
   * client that does not take its frames within the send time limit is closed without them.
   */
  void flushAndClose(CloseStatus status) {
    NoWait.refuseInAttempt();
    if (!isOpen()) {
      return;
    }
    flushWaiter = Thread.currentThread();
    closeAfterFlush = status;
    if (!queue.isEmpty()) {
      scheduleWrite();
    }
    long deadline = System.nanoTime() + limits.sendTimeLimit().toNanos();
    // why: holding the writer's flag over an empty queue means every frame taken was written, and
    // no writer can start again to race the close
    while (!(queue.isEmpty() && writing.compareAndSet(false, true))) {
      if (closed.get()) {
        return;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0 || Thread.currentThread().isInterrupted()) {
        close(status);
        return;
      }
      LockSupport.parkNanos(this, left);
    }
    if (closed.compareAndSet(false, true)) {
      closedWith = status;
      queue.clear();
      closeSocket(status);
    }
  }

  int queuedFrames() {
    return queue.frames();
  }

  long queuedBytes() {
    return queue.bytes();
  }

  /**
   * Waits until at most {@code depth} frames are queued, woken as the writer takes frames; a client
   * that does not make that room within the send time limit is closed as slow. Returns whether the
   * session is still open.
   */
  boolean awaitQueueDepth(int depth) {
    long limit = limits.sendTimeLimit().toNanos();
    if (!queue.awaitDepth(depth, System.nanoTime() + limit, this::isOpen)
        && isOpen()
        && !Thread.currentThread().isInterrupted()) {
      closeSlow(
          "a replay waited " + limits.sendTimeLimit().toMillis() + " ms for room in its queue");
    }
    return isOpen();
  }

  /**
   * The status of the session's first {@link #close}: the server's reason when the server closed
   * it, the container's report when the client did; null while open.
   */
  public CloseStatus closedWith() {
    return closedWith;
  }

  /**
   * Closes the connection, dropping what is still queued. Returns at once: the close handshake with
   * a stuck client can block, and the caller may be delivering a room's messages.
   */
  void close(CloseStatus status) {
    closeOnce(status);
  }

  /**
   * Closes a client that does not keep up (1013), counted and logged as a slow consumer once,
   * whichever way it showed: its queue overflowed, a write to it blocked past the send time limit,
   * or a replay waited that long for room in its queue.
   */
  void closeSlow(String why) {
    if (closeOnce(SLOW)) {
      limits.slowConsumers().incrementAndGet();
      log.info("Closing slow client {} ({}): {}", id(), caller, why);
    }
  }

  /**
   * The container reports the connection closed: the client closed it, the network failed, or the
   * container's send timeout ran out, which it reports here before the blocked write fails. A close
   * while a write has been blocked for the send time limit is counted as a slow consumer's.
   *
   * @return the server's reason for the close, null when it is the container's report
   */
  CloseStatus containerClosed(CloseStatus reported) {
    closeAfterWrite(reported);
    CloseStatus first = closedWith;
    return first == reported ? null : first;
  }

  /**
   * Closes with {@code status}, or as a slow consumer when a write has been blocked for the send
   * time limit: whatever the container then reports, the client stopped taking its frames.
   */
  private void closeAfterWrite(CloseStatus status) {
    long started = writeStartedNanos;
    // why: Tomcat times the write in whole milliseconds from a moment just after ours
    long limit = limits.sendTimeLimit().toNanos() - 10_000_000L;
    if (started != 0 && System.nanoTime() - started >= limit) {
      closeSlow("a write blocked for " + limits.sendTimeLimit().toMillis() + " ms");
    } else {
      close(status);
    }
  }

  private boolean closeOnce(CloseStatus status) {
    if (!closed.compareAndSet(false, true)) {
      return false;
    }
    closedWith = status;
    queue.clear();
    writers.execute(() -> closeSocket(status));
    wakeFlushWaiter();
    return true;
  }

  private void closeSocket(CloseStatus status) {
    try {
      socket.close(status);
    } catch (IOException | RuntimeException e) {
      log.debug("Closing {} failed: {}", id(), e.toString());
    } finally {
      closeSent = true;
    }
  }

  /**
   * Whether the session was closed and its close frame written (or the attempt failed): a node
   * stopping waits for this before its web server drops the connections, so clients read the reason
   * instead of an abnormal closure (1006).
   */
  boolean closeSent() {
    return closeSent;
  }

  private void scheduleWrite() {
    if (writing.compareAndSet(false, true)) {
      if (writer.blocks()) {
        writers.execute(this::drain);
      } else {
        drain();
      }
    }
  }

  private void drain() {
    FrameBatch batch = null;
    try {
      while (true) {
        Outgoing next;
        int frames = 0;
        long bytes = 0;
        int messages = 0;
        long oldestStored = 0;
        while ((batch == null || batch.size() < MAX_BATCH_SIZE) && (next = queue.poll()) != null) {
          if (batch == null) {
            int queued = (int) Math.min(queue.bytes(), MAX_BATCH_SIZE);
            batch = writer.newBatch(Math.max(queued, next.bytes()));
          }
          next.appendTo(batch);
          frames++;
          bytes += next.bytes();
          if (next instanceof Outgoing.Shared shared) {
            messages++;
            oldestStored = oldestStored == 0 ? shared.parts().storedAtNanos() : oldestStored;
          }
        }
        if (batch == null || closed.get()) {
          taken(frames, bytes);
          break;
        }
        var full = batch;
        batch = null;
        write(full, frames, bytes, messages, oldestStored);
      }
    } catch (IOException | RuntimeException e) {
      log.debug("Writing to {} failed: {}", id(), e.toString());
      closeAfterWrite(CloseStatus.SESSION_NOT_RELIABLE);
    } catch (Error e) {
      // why: the drain may run on the thread delivering a room's message to all its subscribers;
      // a batch that cannot be allocated (direct memory ran out) ends this client, not that loop
      log.warn("Writing to {} failed; closing it", id(), e);
      close(CloseStatus.SESSION_NOT_RELIABLE);
    } finally {
      if (batch != null) {
        batch.discard();
      }
      writeStartedNanos = 0;
      writing.set(false);
    }
    if (!queue.isEmpty() && !closed.get()) {
      scheduleWrite();
    }
    wakeFlushWaiter();
  }

  private void wakeFlushWaiter() {
    Thread waiter = flushWaiter;
    if (waiter != null) {
      LockSupport.unpark(waiter);
    }
  }

  private void taken(int frames, long bytes) {
    queue.taken(frames, bytes);
  }

  /**
   * Writes one batch of {@code frames}. A blocking write frees their budget before it starts and is
   * timed against the send time limit; a non-blocking one keeps them counted until written.
   */
  private void write(FrameBatch batch, int frames, long bytes, int messages, long oldestStored)
      throws IOException {
    if (writer.blocks()) {
      taken(frames, bytes);
      writeStartedNanos = System.nanoTime();
      writer.write(batch, NOTHING);
      writeStartedNanos = 0;
      written(messages, oldestStored);
      return;
    }
    writer.write(
        batch,
        () -> {
          taken(frames, bytes);
          written(messages, oldestStored);
          wakeFlushWaiter();
        });
  }

  private void written(int messages, long oldestStored) {
    limits.deliveries().written(messages, oldestStored);
    lastSentAt = System.currentTimeMillis();
  }

  /**
   * The budgets of one session's outbound queue, the node's budget of all of them, and where
   * overflows and writes are counted.
   */
  record Limits(
      int maxQueuedFrames,
      long maxQueuedBytes,
      AtomicLong slowConsumers,
      Duration sendTimeLimit,
      DeliveryMeter deliveries,
      OutboundMemory memory) {

    Limits(
        int maxQueuedFrames,
        long maxQueuedBytes,
        AtomicLong slowConsumers,
        Duration sendTimeLimit) {
      this(
          maxQueuedFrames,
          maxQueuedBytes,
          slowConsumers,
          sendTimeLimit,
          DeliveryMeter.NONE,
          OutboundMemory.UNBOUNDED);
    }
  }
}
