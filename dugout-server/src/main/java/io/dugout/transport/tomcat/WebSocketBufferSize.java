package io.dugout.transport.tomcat;

import io.dugout.realtime.RealtimeProperties;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Shrinks the three buffers Tomcat's WebSocket layer gives every session (a frame read buffer, a
 * write buffer and a text-encoding buffer) from 8 KiB to {@code
 * dugout.realtime.connection-buffer-bytes}. Larger frames are read in several passes and sent as
 * several WebSocket fragments, which every client reassembles.
 *
 * <p>Tomcat reads this size only from a system property, once, when its WebSocket classes load
 * while the web server starts; so it is set here, before the application context exists. A value
 * given on the command line ({@code -Dorg.apache.tomcat.websocket.DEFAULT_BUFFER_SIZE=…}) wins.
 */
public final class WebSocketBufferSize implements EnvironmentPostProcessor {

  static final String PROPERTY = "org.apache.tomcat.websocket.DEFAULT_BUFFER_SIZE";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (System.getProperty(PROPERTY) == null) {
      System.setProperty(
          PROPERTY,
          environment.getProperty(
              "dugout.realtime.connection-buffer-bytes",
              RealtimeProperties.CONNECTION_BUFFER_BYTES));
    }
  }
}
