package io.dugout.loadtest.floor;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Client inbound of one {@link FloorStompBroker} session: splits a WebSocket message into STOMP
 * frames and handles CONNECT, SUBSCRIBE, UNSUBSCRIBE, SEND (of a message, an edit or a reaction)
 * and DISCONNECT; every other frame is ignored. A body ends at its NUL octet (the load tester never
 * sends one inside a body); header values are taken as they are, without STOMP unescaping (the load
 * tester's never need it).
 */
final class FloorStompSession extends SimpleChannelInboundHandler<WebSocketFrame> {

  private static final String SEND_PREFIX = "/app/rooms.";

  private static final String SEND_SUFFIX = ".messages";

  /** The changes a SEND can make, by its destination's last part, and the type of their entry. */
  private static final Map<String, String> CHANGES =
      Map.of(".edit", "message.edited", ".react", "reaction.added", ".unreact", "reaction.removed");

  private final Function<String, FloorTopic> topics;

  /** Subscription id → topic, to forget them when the connection ends. */
  private final Map<String, FloorTopic> subscriptions = new HashMap<>();

  private String userId = "anonymous";

  FloorStompSession(Function<String, FloorTopic> topics) {
    this.topics = topics;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame message) {
    String text = message.content().toString(StandardCharsets.UTF_8);
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        i++; // heart-beat
        continue;
      }
      int end = text.indexOf('\0', i);
      if (end < 0) {
        end = text.length();
      }
      handle(ctx, Frame.parse(text, i, end));
      i = end + 1;
    }
  }

  private void handle(ChannelHandlerContext ctx, Frame frame) {
    switch (frame.command()) {
      case "CONNECT", "STOMP" -> {
        userId = subjectOf(frame.header("Authorization"));
        write(ctx, "CONNECTED\nversion:1.2\nheart-beat:0,0\nserver:dugout-floor\n\n\0");
      }
      case "SUBSCRIBE" -> {
        String id = frame.header("id");
        FloorTopic topic = topics.apply(frame.header("destination"));
        topic.subscribe(new FloorTopic.Subscriber(ctx.channel(), id));
        subscriptions.put(id, topic);
      }
      case "UNSUBSCRIBE" -> {
        FloorTopic topic = subscriptions.remove(frame.header("id"));
        if (topic != null) {
          topic.unsubscribe(ctx.channel(), frame.header("id"));
        }
      }
      case "SEND" -> send(frame);
      case "DISCONNECT" -> {
        receipt(ctx, frame);
        ctx.channel().eventLoop().execute(() -> ctx.close());
        return;
      }
      default -> {}
    }
    receipt(ctx, frame);
  }

  private void send(Frame frame) {
    String destination = frame.header("destination");
    int action = destination == null ? -1 : destination.lastIndexOf('.');
    if (action < 0 || !destination.startsWith(SEND_PREFIX)) {
      return;
    }
    FloorTopic topic =
        topics.apply("/topic/rooms." + destination.substring(SEND_PREFIX.length(), action));
    String suffix = destination.substring(action);
    String change = CHANGES.get(suffix);
    if (change != null) {
      topic.publishChange(
          userId,
          change,
          frame.bodyNumber("seq"),
          frame.bodyString("emoji"),
          frame.bodyString("clientMsgId"));
    } else if (suffix.equals(SEND_SUFFIX)) {
      topic.publish(
          userId,
          frame.bodyString("kind"),
          frame.bodyString("content"),
          frame.bodyString("clientMsgId"));
    }
  }

  private static void receipt(ChannelHandlerContext ctx, Frame frame) {
    String receipt = frame.header("receipt");
    if (receipt != null) {
      write(ctx, "RECEIPT\nreceipt-id:" + receipt + "\n\n\0");
    }
  }

  private static void write(ChannelHandlerContext ctx, String frame) {
    // why: through the task queue, like every MESSAGE, so a RECEIPT never overtakes one
    ctx.channel()
        .eventLoop()
        .execute(
            () ->
                ctx.writeAndFlush(
                    new TextWebSocketFrame(ByteBufUtil.writeUtf8(ctx.alloc(), frame)),
                    ctx.voidPromise()));
  }

  /** The {@code sub} claim of a bearer JWT, read without checking anything, or "anonymous". */
  static String subjectOf(String authorization) {
    if (authorization == null) {
      return "anonymous";
    }
    String[] parts = authorization.substring(authorization.indexOf(' ') + 1).split("\\.");
    if (parts.length < 2) {
      return "anonymous";
    }
    try {
      String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
      String sub = Frame.stringAfter(claims, 0, claims.length(), "\"sub\":\"");
      return sub != null ? sub : "anonymous";
    } catch (IllegalArgumentException ex) {
      return "anonymous";
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    subscriptions.forEach((id, topic) -> topic.unsubscribe(ctx.channel(), id));
    subscriptions.clear();
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }

  /** One STOMP frame as a view of the message text: command, headers, body. */
  record Frame(String command, Map<String, String> headers, String text, int bodyStart, int end) {

    static Frame parse(String text, int start, int end) {
      int eol = lineEnd(text, start, end);
      String command = text.substring(start, eol).strip();
      Map<String, String> headers = new HashMap<>();
      int i = eol + 1;
      while (i < end) {
        int stop = lineEnd(text, i, end);
        String line = text.substring(i, stop);
        i = stop + 1;
        if (line.isEmpty() || line.equals("\r")) {
          break;
        }
        int colon = line.indexOf(':');
        if (colon > 0) {
          // why: STOMP 1.2 says the first of a repeated header wins
          headers.putIfAbsent(line.substring(0, colon), line.substring(colon + 1).strip());
        }
      }
      return new Frame(command, headers, text, Math.min(i, end), end);
    }

    String header(String name) {
      return headers.get(name);
    }

    /** A JSON number of the body, as written, or "0" when it has none. */
    String bodyNumber(String key) {
      String marker = "\"" + key + "\":";
      int at = text.indexOf(marker, bodyStart);
      if (at < 0 || at >= end) {
        return "0";
      }
      int start = at + marker.length();
      int i = start;
      while (i < end && Character.isDigit(text.charAt(i))) {
        i++;
      }
      return i > start ? text.substring(start, i) : "0";
    }

    /** A JSON string value of the body, as written (still escaped), or "" when it has none. */
    String bodyString(String key) {
      String value = stringAfter(text, bodyStart, end, "\"" + key + "\":\"");
      return value != null ? value : "";
    }

    static String stringAfter(String text, int from, int to, String key) {
      int at = text.indexOf(key, from);
      if (at < 0 || at >= to) {
        return null;
      }
      int start = at + key.length();
      int i = start;
      while (i < to && text.charAt(i) != '"') {
        i += text.charAt(i) == '\\' ? 2 : 1;
      }
      return i < to ? text.substring(start, i) : null;
    }

    private static int lineEnd(String text, int from, int end) {
      int eol = text.indexOf('\n', from);
      return eol < 0 || eol > end ? end : eol;
    }
  }
}
