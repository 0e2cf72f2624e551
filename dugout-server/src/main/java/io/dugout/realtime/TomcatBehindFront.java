package io.dugout.realtime;

import java.net.InetAddress;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * With the Netty listener in front ({@code dugout.realtime.netty.front}), Tomcat leaves the HTTP
 * port ({@code server.address}, {@code server.port}) to it and listens on a free port of the
 * loopback interface, reachable only from this machine; its port is {@code local.server.port}.
 */
@Component
@ConditionalOnProperty(name = "dugout.realtime.netty.front", havingValue = "true")
class TomcatBehindFront
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.setAddress(InetAddress.getLoopbackAddress());
    factory.setPort(0);
  }

  /** After Spring Boot's own customizer, which applies {@code server.port}. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
