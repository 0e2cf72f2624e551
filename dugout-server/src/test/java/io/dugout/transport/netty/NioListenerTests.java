package io.dugout.transport.netty;

import org.springframework.test.context.TestPropertySource;

/** {@link NettyListenerTests} with the listener on Java's NIO, named. */
@TestPropertySource(properties = "dugout.realtime.netty.transport=nio")
class NioListenerTests extends NettyListenerTests {

  @Override
  NettyTransport expectedTransport() {
    return NettyTransport.NIO;
  }
}
