package io.dugout.realtime;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean;

/**
 * Mounts the STOMP endpoint at {@code /ws}. Any origin may connect: clients authenticate with a
 * bearer token in CONNECT, never with cookies, so a foreign page gains nothing by connecting.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class RealtimeConfiguration implements WebSocketConfigurer {

  private final StompEndpoint endpoint;

  RealtimeConfiguration(StompEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
    registry.addHandler(endpoint, "/ws").setAllowedOriginPatterns("*");
  }

  /**
   * Small per-connection buffers keep idle connections cheap; larger frames arrive in parts and are
   * reassembled up to {@code dugout.realtime.max-frame-bytes}.
   */
  @Bean
  ServletServerContainerFactoryBean webSocketContainer() {
    var container = new ServletServerContainerFactoryBean();
    container.setMaxTextMessageBufferSize(4 * 1024);
    container.setMaxBinaryMessageBufferSize(4 * 1024);
    return container;
  }
}
