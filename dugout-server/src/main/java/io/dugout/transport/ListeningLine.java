package io.dugout.transport;

import io.dugout.system.DugoutProperties;
import io.dugout.transport.netty.NettyListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The one startup line that says where users connect: the public port (the Netty listener's in
 * front of Tomcat, else Tomcat's), the WebSocket URL (on the listener's own port in {@link
 * ListenerMode#SEPARATE}) and the data directory. Logged once the node is ready, so every port is
 * bound.
 */
@Component
class ListeningLine implements ApplicationListener<ApplicationReadyEvent> {

  private static final Logger log = LoggerFactory.getLogger(ListeningLine.class);

  private final DugoutProperties properties;

  ListeningLine(DugoutProperties properties) {
    this.properties = properties;
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    log.info("{}", line(event.getApplicationContext().getEnvironment()));
  }

  String line(Environment environment) {
    ListenerMode mode = ListenerMode.of(environment);
    int tomcat = environment.getProperty("local.server.port", Integer.class, 0);
    int netty = environment.getProperty(NettyListener.PORT_PROPERTY, Integer.class, 0);
    int http = mode == ListenerMode.FRONT ? netty : tomcat;
    int ws = mode == ListenerMode.TOMCAT ? tomcat : netty;
    String host = host(environment.getProperty("server.address"));
    return "Dugout is listening on http://"
        + host
        + ":"
        + http
        + " (WebSocket ws://"
        + host
        + ":"
        + ws
        + "/ws), data in "
        + properties.dataDir().toAbsolutePath().normalize();
  }

  /** The host to name: localhost for every interface, else the address bound. */
  private static String host(String address) {
    if (address == null || address.isBlank() || "0.0.0.0".equals(address) || "::".equals(address)) {
      return "localhost";
    }
    return address.contains(":") ? "[" + address + "]" : address;
  }
}
