package io.dugout;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The way an end-to-end test's clients reach the server, which runs in its default deployment
 * either way (the Netty listener in front on the public port, Tomcat on a loopback port behind it).
 * Every end-to-end test uses {@link #FRONT}, the path users take; a class annotated {@link
 * EveryPath} runs once per path, so the same tests prove each guarantee on both servers.
 */
public enum ClientPath {

  /** The public port: the Netty listener, which relays what it does not serve to Tomcat. */
  FRONT,

  /** Tomcat's own loopback port, past the listener, as in {@code dugout.listener.mode=tomcat}. */
  TOMCAT;

  /**
   * The paths this run covers: all of them, or the one named by the system property {@code
   * dugout.test.client-path} (the io_uring run names {@code front}, the only path it changes).
   */
  static Stream<ClientPath> inThisRun() {
    String only = System.getProperty("dugout.test.client-path");
    return only == null || only.isBlank()
        ? Arrays.stream(values())
        : Stream.of(valueOf(only.trim().toUpperCase(java.util.Locale.ROOT)));
  }

  /** Runs the annotated test class once per {@link ClientPath} of this run. */
  @Target(ElementType.TYPE)
  @Retention(RetentionPolicy.RUNTIME)
  @ParameterizedClass(name = "clients on {0}")
  @MethodSource("io.dugout.ClientPath#inThisRun")
  public @interface EveryPath {}
}
