package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Tomcat's per-session WebSocket buffers are small ({@link WebSocketBufferSize}), and frames larger
 * than them still arrive whole both ways: read in several passes, written as several fragments.
 */
class WebSocketBufferSizeTests extends RealtimeTestBase {

  @Test
  void tomcatsWebSocketLayerUsesTheSmallBuffers() throws Exception {
    connect("alice");
    var constants = Class.forName("org.apache.tomcat.websocket.Constants");
    var size = constants.getDeclaredField("DEFAULT_BUFFER_SIZE");
    size.setAccessible(true);

    assertThat(size.getInt(null)).isEqualTo(RealtimeConfiguration.BUFFER_BYTES);
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
}
