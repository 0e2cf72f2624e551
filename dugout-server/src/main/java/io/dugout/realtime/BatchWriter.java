package io.dugout.realtime;

import java.io.IOException;
import org.springframework.web.socket.WebSocketSession;

/**
 * How a {@link ClientSession}'s batches of frames reach its connection, one WebSocket text message
 * per batch, in the order the batches are written.
 *
 * <p>The session drains and counts a batch by whether its writer {@link #blocks}:
 *
 * <ul>
 *   <li>A blocking writer (a servlet container's session) returns once the batch is in the socket,
 *       or throws. A writer thread drains the queue, so no sender waits for a slow client. A batch
 *       stops counting against the budget when it is taken; a write that blocks is timed against
 *       the send time limit instead.
 *   <li>A non-blocking writer (the Netty listener's {@code NettyConnection}) returns at once and
 *       runs {@code written} once the batch is in the socket or has failed. The thread that queued
 *       a frame drains the queue itself, and a batch counts against the budget until it is written,
 *       so what the writer holds for a client that does not read overflows the same budget.
 * </ul>
 */
public interface BatchWriter {

  /** Whether {@link #write} returns only once the batch is in the socket. */
  boolean blocks();

  /** An empty batch in this writer's form, sized for about {@code expectedBytes} of frames. */
  FrameBatch newBatch(int expectedBytes);

  /**
   * Writes {@code batch}, one of this writer's {@link #newBatch}, as one text message and runs
   * {@code written} once it is in the socket (a blocking writer before it returns). The writer
   * takes the batch over, also when it throws.
   *
   * @throws IOException when a blocking write fails; the session then closes
   */
  void write(FrameBatch batch, Runnable written) throws IOException;

  /** The connection's own writer when it has one, else a blocking writer over its container. */
  static BatchWriter of(WebSocketSession socket) {
    return socket instanceof BatchWriter own ? own : new ContainerWriter(socket);
  }
}
