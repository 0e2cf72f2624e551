package io.dugout.loadtest.stomp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connected STOMP 1.2 session over one WebSocket. Frames may be sent from any thread; they are
 * written in call order.
 */
public final class StompSession implements LiveSession {

  private final Channel channel;

  private final StompListener listener;

  private final AtomicLong receiptIds = new AtomicLong();

  private final Map<String, CompletableFuture<Void>> receipts = new ConcurrentHashMap<>();

  StompSession(Channel channel, StompListener listener) {
    this.channel = channel;
    this.listener = listener;
  }

  /** Subscribes without waiting, as a browser client does. */
  @Override
  public void subscribe(String id, String destination) {
    write("SUBSCRIBE\nid:" + id + "\ndestination:" + destination + "\n\n\0");
  }

  /** Subscribes and completes once the server's RECEIPT says the subscription is live. */
  @Override
  public CompletableFuture<Void> subscribeWithReceipt(String id, String destination) {
    String receipt = nextReceipt();
    CompletableFuture<Void> done = expectReceipt(receipt);
    write(
        "SUBSCRIBE\nid:" + id + "\ndestination:" + destination + "\nreceipt:" + receipt + "\n\n\0");
    return done;
  }

  /** Sends a JSON body to an application destination. */
  @Override
  public void send(String destination, String json) {
    int length = ByteBufUtil.utf8Bytes(json);
    write(
        "SEND\ndestination:"
            + destination
            + "\ncontent-type:application/json\ncontent-length:"
            + length
            + "\n\n"
            + json
            + "\0");
  }

  /** Sends DISCONNECT and closes the WebSocket without waiting for a receipt. */
  @Override
  public void disconnect() {
    if (!channel.isActive()) {
      return;
    }
    write("DISCONNECT\n\n\0");
    channel
        .writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE))
        .addListener(ChannelFutureListener.CLOSE);
  }

  /** Closes the connection at once. */
  public void close() {
    channel.close();
  }

  @Override
  public boolean isOpen() {
    return channel.isActive();
  }

  public StompListener listener() {
    return listener;
  }

  /** The session's own I/O thread: tasks scheduled here send without a thread hand-off. */
  @Override
  public ScheduledExecutorService scheduler() {
    return channel.eventLoop();
  }

  private String nextReceipt() {
    return "r-" + receiptIds.incrementAndGet();
  }

  private CompletableFuture<Void> expectReceipt(String receipt) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    receipts.put(receipt, done);
    return done;
  }

  void receiptArrived(String receiptId) {
    CompletableFuture<Void> done = receipts.remove(receiptId);
    if (done != null) {
      done.complete(null);
    }
  }

  void closed(Throwable cause) {
    receipts.values().forEach(done -> done.completeExceptionally(cause));
    receipts.clear();
  }

  void write(String frame) {
    ByteBuf buf = ByteBufUtil.writeUtf8(channel.alloc(), frame);
    channel.writeAndFlush(new TextWebSocketFrame(buf), channel.voidPromise());
  }
}
