package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.transport.netty.NettyProperties.Transport;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class NettyTransportTests {

  @Test
  void autoTakesEpollWhereAvailableElseNio() {
    assertThat(NettyTransport.of(Transport.AUTO, available(NettyTransport.values())))
        .isEqualTo(NettyTransport.EPOLL);
    assertThat(NettyTransport.of(Transport.AUTO, available(NettyTransport.NIO)))
        .isEqualTo(NettyTransport.NIO);
    assertThat(
            NettyTransport.of(
                Transport.AUTO, available(NettyTransport.IO_URING, NettyTransport.NIO)))
        .isEqualTo(NettyTransport.NIO);
  }

  @Test
  void aNamedTransportIsTakenEvenWhenABetterOneIsAvailable() {
    assertThat(NettyTransport.of(Transport.IO_URING, available(NettyTransport.values())))
        .isEqualTo(NettyTransport.IO_URING);
    assertThat(NettyTransport.of(Transport.NIO, available(NettyTransport.values())))
        .isEqualTo(NettyTransport.NIO);
  }

  @Test
  void aNamedTransportThatIsNotAvailableStopsTheStartWithTheSetting() {
    assertThatThrownBy(
            () ->
                NettyTransport.of(
                    Transport.IO_URING, available(NettyTransport.EPOLL, NettyTransport.NIO)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("dugout.realtime.netty.transport=io-uring")
        .hasMessageContaining("io_uring, which this process cannot use")
        .hasMessageContaining("auto");
  }

  @Test
  void autoHereIsWhatThisProcessCanUse() {
    NettyTransport chosen = NettyTransport.of(Transport.AUTO);
    assertThat(chosen.available()).isTrue();
    assertThat(chosen.unavailabilityCause()).isNull();
  }

  private static Predicate<NettyTransport> available(NettyTransport... transports) {
    return Set.of(transports)::contains;
  }
}
