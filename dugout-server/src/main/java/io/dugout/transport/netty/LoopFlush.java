package io.dugout.transport.netty;

import io.netty.channel.Channel;
import java.util.concurrent.RejectedExecutionException;

/**
 * A connection's flush, queued once on its event loop behind the tasks queued before it, so the
 * frames written in one pass of the loop leave in one system call. Called and run on the loop only.
 *
 * <p>why: a room's deliveries are write tasks queued on the receivers' loops; a flush per write
 * would be a system call per frame, which cost a third of the closed-loop rate (ADR 11). It is the
 * connection's own object, queued without the task and future Netty's executor makes per {@code
 * submit}; a flush during a read is still consolidated by the pipeline's flush handler.
 */
public final class LoopFlush implements Runnable {

  private final Channel channel;
  private boolean queued;

  public LoopFlush(Channel channel) {
    this.channel = channel;
  }

  Channel channel() {
    return channel;
  }

  /** On the loop: flushes after the tasks queued so far, unless a flush is queued already. */
  void request() {
    if (queued) {
      return;
    }
    queued = true;
    try {
      channel.eventLoop().execute(this);
    } catch (RejectedExecutionException e) {
      // why: the loop is shutting down and runs no further task; what was written goes now
      run();
    }
  }

  @Override
  public void run() {
    queued = false;
    channel.flush();
  }
}
