package io.dugout.fastpath;

import io.dugout.auth.BannedUsers;
import io.dugout.auth.TokenVerifier;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The fast path for the hottest reads, on Tomcat and on the Netty listener in front of it; absent
 * with {@code dugout.http.lean-reads=false}, which sends them through the full chain like every
 * other request.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "dugout.http.lean-reads", matchIfMissing = true)
class FastPathConfiguration {

  /** What the fast path decides, wherever the request came in. */
  @Bean
  HotReadMatcher hotReads(
      List<HotReadRoute> routes,
      TokenVerifier tokens,
      FastPathMetrics metrics,
      ObjectProvider<BannedUsers> bans) {
    return new HotReadMatcher(routes, tokens, metrics, bans.getIfAvailable(() -> BannedUsers.NONE));
  }

  /** The servlet filter for the hottest reads, with the other fast-path filters. */
  @Bean
  FilterRegistrationBean<HotReadFilter> hotReadFilter(HotReadMatcher reads) {
    var registration = new FilterRegistrationBean<>(new HotReadFilter(reads));
    registration.setOrder(FastPathMetrics.ORDER);
    return registration;
  }
}
