package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.adapter.standard.StandardWebSocketSession;

/**
 * A session's outbound budget counts what goes on the wire: UTF-8 bytes, so a Korean message (three
 * bytes a character) costs three times its length in characters.
 */
class OutboundBudgetTests {

  @Test
  void measuresFramesInUtf8Bytes() {
    assertThat(new Outgoing.Text("hello").bytes()).isEqualTo(5);
    assertThat(new Outgoing.Text("안녕하세요").bytes()).isEqualTo(15);
    assertThat(new Outgoing.Text("é").bytes()).isEqualTo(2);
    assertThat(new Outgoing.Text("😀").bytes()).isEqualTo(4);
    var parts = StompFrames.message("/topic/rooms.r", "m-1", "{\"c\":\"가나\"}".getBytes());
    assertThat(new Outgoing.Shared(parts, "sub-1").bytes())
        .isEqualTo(utf8(parts.head() + "sub-1" + parts.tail()));
  }

  @Test
  void closesASessionWhoseQueuedBytesPassTheBudgetThoughItsCharactersDoNot() {
    var slowConsumers = new AtomicLong();
    var session =
        queueOnly(new ClientSession.Limits(1_000, 1_000, slowConsumers, Duration.ofSeconds(1)));
    String korean = "가".repeat(300); // 300 characters, 900 bytes
    assertThat(session.send(new Outgoing.Text(korean))).isTrue();
    assertThat(session.send(new Outgoing.Text(korean))).isFalse();
    assertThat(session.isOpen()).isFalse();
    assertThat(slowConsumers.get()).isEqualTo(1);
  }

  @Test
  void keepsASessionWhoseQueuedBytesStayWithinTheBudget() {
    var session =
        queueOnly(new ClientSession.Limits(1_000, 1_000, new AtomicLong(), Duration.ofSeconds(1)));
    for (int i = 0; i < 3; i++) {
      assertThat(session.send(new Outgoing.Text("x".repeat(300)))).isTrue();
    }
    assertThat(session.isOpen()).isTrue();
  }

  /** A session whose writer never runs, so everything sent stays queued. */
  private static ClientSession queueOnly(ClientSession.Limits limits) {
    var socket = new StandardWebSocketSession(null, null, null, null);
    return new ClientSession(socket, task -> {}, limits);
  }

  private static int utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }
}
