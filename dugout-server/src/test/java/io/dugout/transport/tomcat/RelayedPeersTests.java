package io.dugout.transport.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A loopback connection is the client it relays while its port is registered, and this machine
 * otherwise; a connection that is not loopback is always itself.
 */
class RelayedPeersTests {

  private final RelayedPeers peers = new RelayedPeers();

  @Test
  void aRegisteredLoopbackPortIsTheRelayedClient() {
    var registration = peers.register(40_001, "192.0.2.7");

    assertThat(peers.clientOf("127.0.0.1", 40_001)).isEqualTo("192.0.2.7");
    assertThat(peers.clientOf("127.0.0.1", 40_002)).isEqualTo("127.0.0.1");

    registration.close();
    assertThat(peers.clientOf("127.0.0.1", 40_001)).isEqualTo("127.0.0.1");
    assertThat(peers.size()).isZero();
  }

  @Test
  void aPeerThatIsNotLoopbackIsNeverReplaced() {
    peers.register(40_001, "192.0.2.7");

    assertThat(peers.clientOf("198.51.100.4", 40_001)).isEqualTo("198.51.100.4");
    assertThat(peers.clientOf(null, 40_001)).isNull();
  }

  @Test
  void closingAnEarlierConnectionKeepsTheEntryOfOneThatReusedItsPort() {
    var earlier = peers.register(40_001, "192.0.2.7");
    var later = peers.register(40_001, "192.0.2.7");

    earlier.close();
    assertThat(peers.clientOf("127.0.0.1", 40_001)).isEqualTo("192.0.2.7");

    later.close();
    assertThat(peers.clientOf("127.0.0.1", 40_001)).isEqualTo("127.0.0.1");
  }
}
