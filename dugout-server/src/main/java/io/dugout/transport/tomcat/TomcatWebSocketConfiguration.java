package io.dugout.transport.tomcat;

import io.dugout.fastpath.FastPathMetrics;
import io.dugout.realtime.RealtimeProperties;
import io.dugout.realtime.StompEndpoint;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.handler.AbstractUrlHandlerMapping;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean;

/**
 * Mounts the STOMP endpoint at {@code /ws} on Tomcat. Any origin may connect: clients authenticate
 * with a bearer token in CONNECT, never with cookies, so a foreign page gains nothing by
 * connecting.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class TomcatWebSocketConfiguration implements WebSocketConfigurer {

  private final StompEndpoint endpoint;

  TomcatWebSocketConfiguration(StompEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
    registry.addHandler(endpoint, StompEndpoint.PATH).setAllowedOriginPatterns("*");
  }

  /**
   * Handshakes skip MVC dispatch through {@link HandshakeFilter}, placed with the other fast-path
   * filters ({@link FastPathMetrics#ORDER}), with the handler the registration above made (so both
   * ways in share one handler, origin check and all).
   */
  @Bean
  FilterRegistrationBean<HandshakeFilter> handshakeFilter(
      @Qualifier("webSocketHandlerMapping") HandlerMapping mapping, FastPathMetrics metrics) {
    if (!(((AbstractUrlHandlerMapping) mapping).getHandlerMap().get(StompEndpoint.PATH)
        instanceof HttpRequestHandler handler)) {
      throw new IllegalStateException("no WebSocket handler mapped at " + StompEndpoint.PATH);
    }
    var registration = new FilterRegistrationBean<>(new HandshakeFilter(handler, metrics));
    registration.setOrder(FastPathMetrics.ORDER);
    return registration;
  }

  /**
   * Small per-connection buffers keep idle connections cheap; larger frames arrive in parts and are
   * reassembled up to {@code dugout.realtime.max-frame-bytes}.
   */
  @Bean
  ServletServerContainerFactoryBean webSocketContainer(RealtimeProperties properties) {
    var container = new ServletServerContainerFactoryBean();
    container.setMaxTextMessageBufferSize(properties.connectionBufferBytes());
    container.setMaxBinaryMessageBufferSize(properties.connectionBufferBytes());
    return container;
  }

  /**
   * Tomcat gives every connection a read and a write buffer of 8 KiB by default. Most STOMP frames
   * are far smaller, and larger reads simply take more than one pass, so the read buffer is small.
   * The write buffer carries HTTP responses, one system call per buffer's worth, so it is sized for
   * a history page rather than a frame (see {@link RealtimeProperties}).
   */
  @Bean
  TomcatConnectorCustomizer smallSocketBuffers(RealtimeProperties properties) {
    return connector -> {
      connector.setProperty(
          "socket.appReadBufSize", String.valueOf(properties.connectionBufferBytes()));
      connector.setProperty(
          "socket.appWriteBufSize", String.valueOf(properties.connectionWriteBufferBytes()));
    };
  }
}
