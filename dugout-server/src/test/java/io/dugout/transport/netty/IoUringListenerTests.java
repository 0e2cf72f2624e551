package io.dugout.transport.netty;

import org.springframework.test.context.TestPropertySource;

/**
 * {@link NettyListenerTests} with the listener on io_uring, named. Needs a kernel that allows
 * io_uring, as the build's {@code netty-io-uring-e2e} run does.
 */
@TestPropertySource(properties = "dugout.realtime.netty.transport=io-uring")
class IoUringListenerTests extends NettyListenerTests {

  @Override
  NettyTransport expectedTransport() {
    return NettyTransport.IO_URING;
  }
}
