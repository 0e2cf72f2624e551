package io.dugout.loadtest.floor;

import io.dugout.loadtest.net.TcpServer;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URI;
import java.util.List;

/**
 * The HTTP floor: a keep-alive HTTP/1.1 server that answers each request with bytes captured from a
 * real response, chosen by method and path only. It parses the request and writes the answer, and
 * nothing else: no authentication, no routing table, no JSON. Unmatched requests get 404.
 */
public final class FloorHttpServer implements AutoCloseable {

  private static final int MAX_REQUEST_BYTES = 64 * 1024;

  /** A captured response: status, {@code Content-Type} (may be null) and the exact body bytes. */
  public record Answer(int status, String contentType, byte[] body) {}

  /**
   * Requests with this method whose path (without the query) ends with {@code pathEnd} get {@code
   * answer}.
   */
  public record Route(String method, String pathEnd, Answer answer) {

    boolean matches(String requestMethod, String uri) {
      int query = uri.indexOf('?');
      String path = query < 0 ? uri : uri.substring(0, query);
      return method.equals(requestMethod) && path.endsWith(pathEnd);
    }
  }

  private final TcpServer server;

  /** Starts on a free loopback port; the first matching route answers. */
  public FloorHttpServer(int ioThreads, List<Route> routes) {
    List<Prepared> prepared = routes.stream().map(Prepared::of).toList();
    ChannelHandler handler = new Responder(prepared);
    this.server =
        new TcpServer(
            ioThreads,
            () ->
                new ChannelHandler[] {
                  new HttpServerCodec(),
                  new HttpServerKeepAliveHandler(),
                  new HttpObjectAggregator(MAX_REQUEST_BYTES),
                  handler
                });
  }

  /** The base URL to give the scenario in place of the deployment's. */
  public URI base() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  @Override
  public void close() {
    server.close();
  }

  /** A route with its status resolved once. */
  private record Prepared(Route route, HttpResponseStatus status) {

    static Prepared of(Route route) {
      return new Prepared(route, HttpResponseStatus.valueOf(route.answer().status()));
    }

    FullHttpResponse response() {
      Answer answer = route.answer();
      // why: wrapping copies nothing; every answer reads the one captured array
      FullHttpResponse response =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(answer.body()));
      if (answer.contentType() != null) {
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, answer.contentType());
      }
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length);
      return response;
    }
  }

  @ChannelHandler.Sharable
  private static final class Responder extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final List<Prepared> routes;

    Responder(List<Prepared> routes) {
      this.routes = routes;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      String method = request.method().name();
      String uri = request.uri();
      for (Prepared prepared : routes) {
        if (prepared.route().matches(method, uri)) {
          ctx.writeAndFlush(prepared.response());
          return;
        }
      }
      FullHttpResponse notFound =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND);
      notFound.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
      ctx.writeAndFlush(notFound);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
