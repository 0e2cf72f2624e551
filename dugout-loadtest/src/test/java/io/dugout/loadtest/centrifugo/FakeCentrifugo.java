package io.dugout.loadtest.centrifugo;

import io.dugout.loadtest.net.TcpServer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A stand-in for a Centrifugo server in tests: the part of its JSON protocol the load tester uses,
 * as Centrifugo v6 speaks it. {@code connect} with a JWT (its {@code sub} is read, the signature is
 * not checked; a token whose subject is {@code refused} is refused), {@code subscribe}, {@code
 * publish} to every subscriber of the channel with a per-channel {@code offset} from 1, server
 * pings ({@code {}}) answered by the client's pong. A publish's reply and its push to the publisher
 * go out in one WebSocket frame, one per line, as Centrifugo batches them.
 */
public final class FakeCentrifugo implements AutoCloseable {

  private static final JsonMapper JSON = new JsonMapper();

  private final Map<String, List<Channel>> subscribers = new ConcurrentHashMap<>();

  private final Map<String, AtomicLong> offsets = new ConcurrentHashMap<>();

  private final List<Channel> sessions = new CopyOnWriteArrayList<>();

  private final AtomicInteger pongs = new AtomicInteger();

  private final List<String> subjects = new CopyOnWriteArrayList<>();

  private final TcpServer server;

  public FakeCentrifugo() {
    this.server =
        new TcpServer(
            1,
            () ->
                new ChannelHandler[] {
                  new HttpServerCodec(),
                  new HttpObjectAggregator(65_536),
                  new WebSocketServerProtocolHandler("/connection/websocket"),
                  new Session()
                });
  }

  public URI endpoint() {
    return URI.create("ws://127.0.0.1:" + server.port() + "/connection/websocket");
  }

  /** Sends a ping to every connected session. */
  public void ping() {
    sessions.forEach(channel -> channel.writeAndFlush(new TextWebSocketFrame("{}")));
  }

  public int pongs() {
    return pongs.get();
  }

  /** The subjects of the tokens of accepted connects, in order. */
  public List<String> subjects() {
    return subjects;
  }

  @Override
  public void close() {
    server.close();
  }

  private final class Session extends SimpleChannelInboundHandler<TextWebSocketFrame> {

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
      for (String line : frame.text().split("\n")) {
        if (line.equals("{}")) {
          pongs.incrementAndGet();
        } else {
          command(ctx.channel(), JSON.readTree(line));
        }
      }
    }

    private void command(Channel channel, JsonNode command) {
      long id = command.path("id").asLong();
      if (command.has("connect")) {
        String subject = subjectOf(command.path("connect").path("token").asString());
        if (subject.equals("refused")) {
          reply(
              channel,
              "{\"id\":" + id + ",\"error\":{\"code\":109,\"message\":\"token expired\"}}");
          return;
        }
        subjects.add(subject);
        sessions.add(channel);
        reply(
            channel,
            "{\"id\":" + id + ",\"connect\":{\"client\":\"c\",\"ping\":25,\"pong\":true}}");
      } else if (command.has("subscribe")) {
        String name = command.path("subscribe").path("channel").asString();
        subscribers.computeIfAbsent(name, key -> new CopyOnWriteArrayList<>()).add(channel);
        reply(channel, "{\"id\":" + id + ",\"subscribe\":{\"recoverable\":true,\"offset\":0}}");
      } else if (command.has("publish")) {
        String name = command.path("publish").path("channel").asString();
        long offset = offsets.computeIfAbsent(name, key -> new AtomicLong()).incrementAndGet();
        String push =
            "{\"push\":{\"channel\":\""
                + name
                + "\",\"pub\":{\"data\":"
                + command.path("publish").path("data")
                + ",\"offset\":"
                + offset
                + "}}}";
        String publishReply = "{\"id\":" + id + ",\"publish\":{}}";
        boolean replied = false;
        for (Channel subscriber : subscribers.getOrDefault(name, List.of())) {
          if (subscriber == channel) {
            reply(subscriber, publishReply + "\n" + push);
            replied = true;
          } else {
            reply(subscriber, push);
          }
        }
        if (!replied) {
          reply(channel, publishReply);
        }
      }
    }

    private void reply(Channel channel, String text) {
      channel.writeAndFlush(new TextWebSocketFrame(text));
    }

    private static String subjectOf(String token) {
      String[] parts = token.split("\\.");
      String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
      return JSON.readTree(payload).path("sub").asString();
    }
  }
}
