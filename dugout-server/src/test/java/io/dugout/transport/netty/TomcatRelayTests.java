package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.transport.tomcat.RelayedPeers;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The relay carries bytes both ways unchanged, tells {@link RelayedPeers} who the client is for as
 * long as its connection to the backend lasts, closes each side when the other closes, and answers
 * 502 when the backend cannot be reached.
 */
class TomcatRelayTests {

  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final RecordingPeers peers = new RecordingPeers();
  private Channel front;

  @AfterEach
  void stop() {
    if (front != null) {
      front.close().syncUninterruptibly();
    }
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  @Test
  void carriesBytesBothWaysAndClosesTheClientWhenTheBackendCloses() throws Exception {
    try (var backend = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        var client = new Socket()) {
      int port = relayTo(backend.getLocalPort());
      client.setSoTimeout(10_000);
      client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      byte[] request = new byte[300_000];
      new Random(7).nextBytes(request);
      Thread writer = Thread.ofVirtual().start(() -> writeQuietly(client, request));

      try (Socket accepted = backend.accept()) {
        accepted.setSoTimeout(10_000);
        assertThat(accepted.getInputStream().readNBytes(request.length)).isEqualTo(request);
        writer.join();

        byte[] answer = "HTTP/1.1 200 OK\r\n\r\nhello".getBytes(StandardCharsets.US_ASCII);
        accepted.getOutputStream().write(answer);
        assertThat(client.getInputStream().readNBytes(answer.length)).isEqualTo(answer);
      }
      assertThat(client.getInputStream().read()).isEqualTo(-1);
    }
  }

  @Test
  void registersTheClientBeforeTheBackendReadsAByteAndForgetsItWhenTheClientCloses()
      throws Exception {
    try (var backend = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        var client = new Socket()) {
      int port = relayTo(backend.getLocalPort());
      client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      client.getOutputStream().write('x');
      try (Socket accepted = backend.accept()) {
        accepted.setSoTimeout(10_000);
        assertThat(accepted.getInputStream().read()).isEqualTo('x');
        assertThat(peers.open)
            .containsExactly(
                Map.entry(accepted.getPort(), client.getLocalAddress().getHostAddress()));

        client.close();
        assertThat(accepted.getInputStream().read()).isEqualTo(-1);
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!peers.open.isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(peers.open).isEmpty();
    }
  }

  @Test
  void aClientThatHalfClosesStillReadsTheAnswer() throws Exception {
    try (var backend = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        var client = new Socket()) {
      int port = relayTo(backend.getLocalPort());
      client.setSoTimeout(10_000);
      client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      byte[] request = "GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
      client.getOutputStream().write(request);
      client.shutdownOutput();

      try (Socket accepted = backend.accept()) {
        accepted.setSoTimeout(10_000);
        assertThat(accepted.getInputStream().readNBytes(request.length)).isEqualTo(request);
        assertThat(accepted.getInputStream().read()).isEqualTo(-1);
        accepted
            .getOutputStream()
            .write("HTTP/1.0 200 OK\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      }
      String answer = new String(client.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(answer).isEqualTo("HTTP/1.0 200 OK\r\n\r\n");
    }
  }

  @Test
  void answersBadGatewayWhenTheBackendCannotBeReached() throws Exception {
    int closedPort;
    try (var unused = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = unused.getLocalPort();
    }
    int port = relayTo(closedPort);
    try (var client = new Socket(InetAddress.getLoopbackAddress(), port)) {
      client.setSoTimeout(10_000);
      client.getOutputStream().write("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));

      String answer = new String(client.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(answer).startsWith("HTTP/1.1 502 Bad Gateway\r\n");
    }
  }

  private int relayTo(int backendPort) {
    var backend = new InetSocketAddress(InetAddress.getLoopbackAddress(), backendPort);
    front =
        new ServerBootstrap()
            .group(loops)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    channel
                        .pipeline()
                        .addLast(new TomcatRelay(backend, NioSocketChannel.class, peers));
                  }
                })
            .bind(InetAddress.getLoopbackAddress(), 0)
            .syncUninterruptibly()
            .channel();
    return ((InetSocketAddress) front.localAddress()).getPort();
  }

  /** Keeps the registrations that are open. */
  private static final class RecordingPeers extends RelayedPeers {
    final Map<Integer, String> open = new ConcurrentHashMap<>();

    @Override
    public Registration register(int relayPort, String clientAddress) {
      var registration = super.register(relayPort, clientAddress);
      open.put(relayPort, clientAddress);
      return () -> {
        open.remove(relayPort);
        registration.close();
      };
    }
  }

  private static void writeQuietly(Socket socket, byte[] bytes) {
    try {
      OutputStream out = socket.getOutputStream();
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
