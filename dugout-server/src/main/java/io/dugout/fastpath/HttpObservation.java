package io.dugout.fastpath;

import io.micrometer.observation.ObservationRegistry;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.observation.ServerRequestObservationConvention;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * Spring's HTTP server observation ({@code http.server.requests}), as Spring Boot sets it up, but
 * placed right behind the {@link FastPathMetrics fast-path filters} instead of in front of every
 * filter: a request the fast path answers is timed there, every other request is observed here as
 * before. Spring Boot's own registration steps aside when this one exists.
 */
@Configuration(proxyBeanMethods = false)
class HttpObservation {

  /**
   * Behind the fast-path filters, still in front of the request-context filter and Spring Security.
   */
  static final int ORDER = FastPathMetrics.ORDER + 8;

  @Bean
  FilterRegistrationBean<ServerHttpObservationFilter> httpObservationFilter(
      ObservationRegistry registry,
      ObjectProvider<ServerRequestObservationConvention> convention,
      ObservationProperties properties) {
    String name = properties.getHttp().getServer().getRequests().getName();
    var filter =
        new ServerHttpObservationFilter(
            registry,
            convention.getIfAvailable(() -> new DefaultServerRequestObservationConvention(name)));
    var registration = new FilterRegistrationBean<>(filter);
    registration.setOrder(ORDER);
    registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
    return registration;
  }
}
