package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.realtime.RealtimeTestBase;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

/**
 * A connection to the listener in front that sends part of a request head and then nothing is
 * closed at Tomcat's connection timeout, whichever path the head names, a WebSocket handshake's
 * included: half-sent heads cannot pile up to the connection cap.
 */
@TestPropertySource(
    properties = {"dugout.listener.mode=front", "server.tomcat.connection-timeout=2s"})
class FrontConnectionTimeoutTests extends RealtimeTestBase {

  /** Far beyond the two seconds, so that only a connection that is never closed fails. */
  private static final int WAIT_MILLIS = 30_000;

  @Value("${local.dugout.realtime.netty.port}")
  int front;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET /ws ",
        "GET /ws?x=1 HTTP/1.1\r\nHost: localhost\r\n",
        "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n",
        "GET /api/v1/rooms HTTP/1.1\r\nHost: localhost\r\n",
        "GET /"
      })
  void closesAConnectionThatSendsHalfAHead(String half) throws IOException {
    try (var socket = new Socket(InetAddress.getLoopbackAddress(), front)) {
      socket.setSoTimeout(WAIT_MILLIS);
      socket.getOutputStream().write(half.getBytes(StandardCharsets.US_ASCII));

      assertThat(closedByServer(socket))
          .as("closed within %d ms after %s", WAIT_MILLIS, half)
          .isTrue();
    }
  }

  private static boolean closedByServer(Socket socket) throws IOException {
    try {
      return socket.getInputStream().read() < 0;
    } catch (SocketTimeoutException stillOpen) {
      return false;
    }
  }
}
