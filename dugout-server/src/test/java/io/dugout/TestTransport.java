package io.dugout;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Which WebSocket transport the end-to-end suites' STOMP clients use: Tomcat's {@code /ws} on the
 * HTTP port by default; the Netty listener on a port of its own when the system property {@code
 * dugout.test.transport=netty} is set (the build's {@code netty-transport-e2e} run sets it). The
 * same tests, not copies, prove every guarantee on both.
 */
public final class TestTransport {

  private static final boolean NETTY = "netty".equals(System.getProperty("dugout.test.transport"));

  private TestTransport() {}

  /** Whether this run's clients connect to the Netty listener. */
  public static boolean netty() {
    return NETTY;
  }

  /** Turns the Netty listener on, at any free port, when this run tests it. */
  public static void configure(DynamicPropertyRegistry registry) {
    if (NETTY) {
      registry.add("dugout.realtime.netty.enabled", () -> "true");
      registry.add("dugout.realtime.netty.port", () -> "0");
    }
  }
}
