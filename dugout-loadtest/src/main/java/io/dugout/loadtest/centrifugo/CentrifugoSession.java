package io.dugout.loadtest.centrifugo;

import io.dugout.loadtest.stomp.LiveSession;
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
 * One connected Centrifugo session. Dugout's destinations map to channels: {@code
 * /topic/rooms.<id>} and {@code /app/rooms.<id>.messages} to {@code rooms:<id>}; other destinations
 * (the error queue) have no Centrifugo counterpart and are not subscribed: a refused publish comes
 * back as an error reply instead.
 */
public final class CentrifugoSession implements LiveSession {

  private static final String TOPIC = "/topic/rooms.";

  private static final String APP = "/app/rooms.";

  private static final String APP_SUFFIX = ".messages";

  private final Channel channel;

  /** Command ids: 1 is the connect command's. */
  private final AtomicLong commandIds = new AtomicLong(1);

  private final Map<Long, CompletableFuture<Void>> replies = new ConcurrentHashMap<>();

  CentrifugoSession(Channel channel) {
    this.channel = channel;
  }

  /** The channel of a room destination, or null for a destination with no counterpart. */
  static String channelOf(String destination) {
    if (destination.startsWith(TOPIC)) {
      return "rooms:" + destination.substring(TOPIC.length());
    }
    if (destination.startsWith(APP) && destination.endsWith(APP_SUFFIX)) {
      return "rooms:"
          + destination.substring(APP.length(), destination.length() - APP_SUFFIX.length());
    }
    return null;
  }

  @Override
  public void subscribe(String id, String destination) {
    String channelName = channelOf(destination);
    if (channelName != null) {
      write(command(commandIds.incrementAndGet(), "subscribe", channelName, null));
    }
  }

  @Override
  public CompletableFuture<Void> subscribeWithReceipt(String id, String destination) {
    String channelName = channelOf(destination);
    if (channelName == null) {
      return CompletableFuture.completedFuture(null);
    }
    long commandId = commandIds.incrementAndGet();
    CompletableFuture<Void> done = new CompletableFuture<>();
    replies.put(commandId, done);
    write(command(commandId, "subscribe", channelName, null));
    return done;
  }

  @Override
  public void send(String destination, String json) {
    String channelName = channelOf(destination);
    if (channelName == null) {
      throw new IllegalArgumentException("no Centrifugo channel for " + destination);
    }
    write(command(commandIds.incrementAndGet(), "publish", channelName, json));
  }

  @Override
  public void disconnect() {
    if (channel.isActive()) {
      channel
          .writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE))
          .addListener(ChannelFutureListener.CLOSE);
    }
  }

  @Override
  public boolean isOpen() {
    return channel.isActive();
  }

  @Override
  public ScheduledExecutorService scheduler() {
    return channel.eventLoop();
  }

  /** A command of the JSON protocol; {@code data} is raw JSON, or null for none. */
  static String command(long id, String method, String channelName, String data) {
    StringBuilder out =
        new StringBuilder(64 + (data == null ? 0 : data.length()))
            .append("{\"id\":")
            .append(id)
            .append(",\"")
            .append(method)
            .append("\":{\"channel\":\"")
            .append(channelName)
            .append('"');
    if (data != null) {
      out.append(",\"data\":").append(data);
    }
    return out.append("}}").toString();
  }

  /** A reply to command {@code id} arrived; false when nothing waited for it. */
  boolean replied(long id, String error) {
    CompletableFuture<Void> done = replies.remove(id);
    if (done == null) {
      return false;
    }
    if (error == null) {
      done.complete(null);
    } else {
      done.completeExceptionally(new CentrifugoException(error));
    }
    return true;
  }

  void closed(Throwable cause) {
    replies.values().forEach(done -> done.completeExceptionally(cause));
    replies.clear();
  }

  void write(String json) {
    ByteBuf buf = ByteBufUtil.writeUtf8(channel.alloc(), json);
    channel.writeAndFlush(new TextWebSocketFrame(buf), channel.voidPromise());
  }
}
