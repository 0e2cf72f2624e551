package io.dugout.transport.tomcat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.realtime.RealtimeProperties;
import io.dugout.realtime.RealtimeTestBase;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.servlet.context.ServletWebServerApplicationContext;
import org.springframework.mock.env.MockEnvironment;

/**
 * Tomcat's per-session WebSocket buffers are small ({@link WebSocketBufferSize}), and frames larger
 * than them still arrive whole both ways: read in several passes, written as several fragments. The
 * socket write buffer, which carries HTTP responses, has its own size.
 */
class WebSocketBufferSizeTests extends RealtimeTestBase {

  @Autowired ServletWebServerApplicationContext context;

  @Test
  void tomcatsSocketBuffersAreSmallForReadingAndSizedForAHistoryPageForWriting() {
    var connector = ((TomcatWebServer) context.getWebServer()).getTomcat().getConnector();

    assertThat(connector.getProperty("socket.appReadBufSize"))
        .isEqualTo(RealtimeProperties.CONNECTION_BUFFER_BYTES);
    assertThat(connector.getProperty("socket.appWriteBufSize"))
        .isEqualTo(RealtimeProperties.CONNECTION_WRITE_BUFFER_BYTES);
  }

  @Test
  void tomcatsWebSocketLayerUsesTheSmallBuffers() throws Exception {
    connect("alice");
    var constants = Class.forName("org.apache.tomcat.websocket.Constants");
    var size = constants.getDeclaredField("DEFAULT_BUFFER_SIZE");
    size.setAccessible(true);

    assertThat(size.getInt(null))
        .isEqualTo(Integer.parseInt(RealtimeProperties.CONNECTION_BUFFER_BYTES));
  }

  @Test
  void aMessageLargerThanTheBuffersArrivesWholeInBothDirections() {
    String room = groupOf("alice", "bob");
    var alice = connect("alice");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    // why: 4,000 bytes of UTF-8 in 2,000 two-byte characters, so a fragment boundary can fall
    // inside a character
    String content = "é".repeat(2000);

    alice.sendJson("/app/rooms." + room + ".messages", text("big", content), "r-big");
    alice.awaitReceipt("r-big");
    var frame = bob.await(f -> f.command().equals("MESSAGE"));

    assertThat(json(frame).get("content").asString()).isEqualTo(content);
  }

  @Test
  void theConfiguredSizeReachesTomcatUnlessTheCommandLineGaveOne() {
    String before = System.getProperty(WebSocketBufferSize.PROPERTY);
    try {
      System.clearProperty(WebSocketBufferSize.PROPERTY);
      var environment =
          new MockEnvironment().withProperty("dugout.realtime.connection-buffer-bytes", "4096");
      new WebSocketBufferSize().postProcessEnvironment(environment, new SpringApplication());
      assertThat(System.getProperty(WebSocketBufferSize.PROPERTY)).isEqualTo("4096");

      System.setProperty(WebSocketBufferSize.PROPERTY, "512");
      new WebSocketBufferSize().postProcessEnvironment(environment, new SpringApplication());
      assertThat(System.getProperty(WebSocketBufferSize.PROPERTY)).isEqualTo("512");
    } finally {
      if (before == null) {
        System.clearProperty(WebSocketBufferSize.PROPERTY);
      } else {
        System.setProperty(WebSocketBufferSize.PROPERTY, before);
      }
    }
  }

  @Test
  void aBufferTooSmallForAFrameHeaderIsRefusedAtStart() {
    assertThatThrownBy(() -> properties(255, 4096))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dugout.realtime.connection-buffer-bytes must be at least 256");
    assertThatThrownBy(() -> properties(1024, 255))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dugout.realtime.connection-write-buffer-bytes must be at least 256");
    assertThat(properties(256, 256).connectionWriteBufferBytes()).isEqualTo(256);
  }

  private static RealtimeProperties properties(int connectionBuffer, int connectionWriteBuffer) {
    return new RealtimeProperties(
        Duration.ofSeconds(10),
        65536,
        5000,
        4194304,
        0,
        Duration.ofSeconds(10),
        Duration.ofSeconds(10),
        50,
        100,
        Duration.ofSeconds(1),
        Duration.ofSeconds(30),
        connectionBuffer,
        connectionWriteBuffer);
  }
}
