package io.dugout;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Which WebSocket transport the end-to-end suites use: Tomcat's {@code /ws}, reached on Tomcat's
 * own port, by default; the Netty listener in front of Tomcat when the system property {@code
 * dugout.test.transport=netty} is set (the build's {@code netty-transport-e2e} run sets it), with
 * the suites' REST calls going through it as well. The same tests, not copies, prove every
 * guarantee on both. The server runs with its own default either way (the listener in front, Tomcat
 * on a loopback port); {@code TomcatAloneTests} covers Tomcat alone on the HTTP port.
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
