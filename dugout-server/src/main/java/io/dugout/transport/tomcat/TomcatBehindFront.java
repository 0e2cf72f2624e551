package io.dugout.transport.tomcat;

import io.dugout.transport.ListenerMode;
import java.net.InetAddress;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.Ordered;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.stereotype.Component;

/**
 * With the Netty listener in front (the default, {@code dugout.listener.mode=front}), Tomcat leaves
 * the HTTP port ({@code server.address}, {@code server.port}) to it and listens on a free port of
 * the loopback interface, reachable only from this machine; its port is {@code local.server.port}.
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

  /** The listener is in front ({@link ListenerMode#FRONT}), read before binding. */
  static final class InFront implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
      return ListenerMode.of(context.getEnvironment()) == ListenerMode.FRONT;
    }
  }

  /** After Spring Boot's own customizer, which applies {@code server.port}. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
