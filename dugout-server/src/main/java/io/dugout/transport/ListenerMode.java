package io.dugout.transport;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Which server listens on the HTTP port ({@code server.address}, {@code server.port}), set with
 * {@code dugout.listener.mode}. Every mode serves the same REST API and the same STOMP endpoint at
 * {@code /ws}, with the same sessions and guarantees; what differs is which server reads the bytes.
 */
public enum ListenerMode {

  /**
   * The default: the Netty listener takes the HTTP port. It serves WebSocket connections and the
   * hot reads (history pages, entering a room) itself and relays every other connection, byte for
   * byte, to Tomcat on a free port of the loopback interface.
   */
  FRONT,

  /** Tomcat alone on the HTTP port; no Netty listener. */
  TOMCAT,

  /**
   * Tomcat on the HTTP port, and the Netty listener's WebSocket endpoint on a port of its own
   * ({@code dugout.realtime.netty.port}).
   */
  SEPARATE;

  /** The property that names the mode. */
  public static final String PROPERTY = "dugout.listener.mode";

  /** The mode {@code environment} names, read before configuration properties are bound. */
  public static ListenerMode of(Environment environment) {
    return Binder.get(environment).bind(PROPERTY, ListenerMode.class).orElse(FRONT);
  }

  /** Whether the Netty listener runs in this mode. */
  public boolean netty() {
    return this != TOMCAT;
  }
}
