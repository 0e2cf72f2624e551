package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** The cap counts a connection from its admission to its close and admits none above it. */
class ConnectionCapTests {

  @Test
  void admitsUpToTheCapAndAgainOnceOneCloses() {
    var cap = new ConnectionCap(2);
    var first = new EmbeddedChannel();
    assertThat(cap.admit(first)).isTrue();
    assertThat(cap.admit(new EmbeddedChannel())).isTrue();
    assertThat(cap.admit(new EmbeddedChannel())).isFalse();
    assertThat(cap.open()).isEqualTo(2);
    assertThat(cap.refused()).isEqualTo(1);

    first.close();
    assertThat(cap.open()).isEqualTo(1);
    assertThat(cap.admit(new EmbeddedChannel())).isTrue();
    assertThat(cap.admit(new EmbeddedChannel())).isFalse();
    assertThat(cap.refused()).isEqualTo(2);
  }
}
