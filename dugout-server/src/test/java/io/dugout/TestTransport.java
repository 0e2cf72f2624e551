package io.dugout;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Which WebSocket transport the end-to-end suites use: Tomcat's {@code /ws} on the HTTP port by
 * default; the Netty listener in front of Tomcat when the system property {@code
 * dugout.test.transport=netty} is set (the build's {@code netty-transport-e2e} run sets it), with
 * the suites' REST calls relayed through it to Tomcat as well. The same tests, not copies, prove
 * every guarantee on both.
 */
public final class TestTransport {

  private static final boolean NETTY = "netty".equals(System.getProperty("dugout.test.transport"));

  private TestTransport() {}

  /** Whether this run's clients connect to the Netty listener. */
  public static boolean netty() {
    return NETTY;
  }

  /** Puts the Netty listener in front of Tomcat, at any free port, when this run tests it. */
  public static void configure(DynamicPropertyRegistry registry) {
    if (NETTY) {
      registry.add("dugout.realtime.netty.front", () -> "true");
    }
  }
}
