package io.dugout.realtime;

import java.net.InetAddress;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.stereotype.Component;

/**
 * With the Netty listener in front (the default, {@code dugout.realtime.netty.front}), Tomcat
 * leaves the HTTP port ({@code server.address}, {@code server.port}) to it and listens on a free
 * port of the loopback interface, reachable only from this machine; its port is {@code
 * local.server.port}.
 */
@Component
@Conditional(TomcatBehindFront.InFront.class)
class TomcatBehindFront
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.setAddress(InetAddress.getLoopbackAddress());
    factory.setPort(0);
  }

  /** The listener is in front: {@link RealtimeProperties.Netty#inFront}, read before binding. */
  static final class InFront implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
      Environment environment = context.getEnvironment();
      return RealtimeProperties.Netty.inFront(
          environment.getProperty("dugout.realtime.netty.front", Boolean.class),
          environment.getProperty("dugout.realtime.netty.enabled", Boolean.class, false));
    }
  }

  /** After Spring Boot's own customizer, which applies {@code server.port}. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
