package io.dugout.loadtest.api;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One keep-alive HTTP/1.1 connection for one virtual client of a request loop: a request, then its
 * response, then the next request, reconnecting when the server closes. Far cheaper per request
 * than a general-purpose client, so the generator is not what limits {@code history}. Not
 * thread-safe: one per virtual thread.
 */
public final class HttpConnection implements AutoCloseable {

  private static final int MAX_RESPONSE_BYTES = 16 << 20;

  private final Bootstrap bootstrap;
  private final URI base;
  private final String hostHeader;
  private final Duration timeout;
  private volatile Channel channel;
  private volatile CompletableFuture<DugoutApi.Response> pending;

  HttpConnection(Bootstrap bootstrap, URI base, Duration timeout) {
    this.base = base;
    this.timeout = timeout;
    this.hostHeader = base.getHost() + ":" + port(base);
    this.bootstrap =
        bootstrap
            .clone()
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    ch.pipeline()
                        .addLast(
                            new HttpClientCodec(),
                            new HttpObjectAggregator(MAX_RESPONSE_BYTES),
                            new ResponseHandler());
                  }
                });
  }

  /**
   * Sends one request and waits (bounded by the timeout) for its response. Only for idempotent
   * requests: when a reused connection turns out to be closed by the server before it answered, the
   * request is sent once more on a fresh connection.
   */
  public DugoutApi.Response request(String method, String pathAndQuery, String token, String json) {
    boolean reused = channel != null && channel.isActive();
    try {
      return attempt(method, pathAndQuery, token, json);
    } catch (DugoutApi.RequestFailedException ex) {
      if (reused && ex.getCause() instanceof ClosedByServer) {
        return attempt(method, pathAndQuery, token, json);
      }
      throw ex;
    }
  }

  private DugoutApi.Response attempt(
      String method, String pathAndQuery, String token, String json) {
    try {
      if (channel == null || !channel.isActive()) {
        ChannelFuture connecting = bootstrap.connect(base.getHost(), port(base));
        if (!connecting.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          connecting.channel().close();
          throw new TimeoutException();
        }
        if (!connecting.isSuccess()) {
          throw new ExecutionException(connecting.cause());
        }
        channel = connecting.channel();
      }
      byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
      FullHttpRequest request =
          new DefaultFullHttpRequest(
              HttpVersion.HTTP_1_1,
              HttpMethod.valueOf(method),
              pathAndQuery,
              Unpooled.wrappedBuffer(body));
      request.headers().set(HttpHeaderNames.HOST, hostHeader);
      request.headers().set(HttpHeaderNames.CONTENT_LENGTH, body.length);
      if (json != null) {
        request.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
      }
      if (token != null) {
        request.headers().set(HttpHeaderNames.AUTHORIZATION, "Bearer " + token);
      }
      CompletableFuture<DugoutApi.Response> response = new CompletableFuture<>();
      pending = response;
      channel.writeAndFlush(request);
      return response.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException ex) {
      close();
      throw new DugoutApi.RequestFailedException(
          method + " " + path(pathAndQuery) + " timed out after " + timeout.toMillis() + " ms", ex);
    } catch (ExecutionException ex) {
      close();
      Throwable cause = ex.getCause();
      if (cause instanceof java.net.ConnectException) {
        throw new TargetException("cannot reach " + base + ": connection refused", cause);
      }
      throw new DugoutApi.RequestFailedException(
          method + " " + path(pathAndQuery) + " failed: " + cause, cause);
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new DugoutApi.RequestFailedException("interrupted", ex);
    }
  }

  @Override
  public void close() {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }

  private static String path(String pathAndQuery) {
    int query = pathAndQuery.indexOf('?');
    return query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
  }

  private static int port(URI uri) {
    return uri.getPort() > 0 ? uri.getPort() : 80;
  }

  private final class ResponseHandler extends SimpleChannelInboundHandler<FullHttpResponse> {

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
      if (ctx.channel() != channel) {
        return; // a late answer on a connection already given up
      }
      if (!HttpUtil.isKeepAlive(response)) {
        // why: the server ends keep-alive after some requests; reconnect before the next one
        ctx.close();
      }
      pending.complete(
          new DugoutApi.Response(
              response.status().code(),
              ByteBufUtil.getBytes(response.content()),
              response.headers().get(HttpHeaderNames.CONTENT_TYPE)));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      CompletableFuture<DugoutApi.Response> current = pending;
      if (current != null && ctx.channel() == channel) {
        current.completeExceptionally(new ClosedByServer());
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      CompletableFuture<DugoutApi.Response> current = pending;
      if (current != null && ctx.channel() == channel) {
        current.completeExceptionally(cause);
      }
      ctx.close();
    }
  }

  /** The server closed the connection before answering. */
  private static final class ClosedByServer extends java.io.IOException {
    ClosedByServer() {
      super("connection closed by the server");
    }
  }
}
