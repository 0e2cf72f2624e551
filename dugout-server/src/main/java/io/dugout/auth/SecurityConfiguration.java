package io.dugout.auth;

import io.dugout.system.AccessLog;
import io.dugout.system.Outages;
import io.dugout.system.Problems;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * REST is stateless and bearer-token only. The WebSocket endpoint and the static web client are
 * open at the HTTP level: STOMP authenticates on CONNECT.
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration implements WebMvcConfigurer {

  public static final String INVALID_TOKEN_CHALLENGE = "Bearer error=\"invalid_token\"";

  /**
   * The one authority, granted by {@link TokenVerifier#callerOf}'s rule, that opens operator paths.
   */
  private static final String SERVICE_AUTHORITY = "dugout:service";

  /**
   * The WebSocket handshake skips the security filters entirely: it carries no credentials (STOMP
   * authenticates on CONNECT) and the filters were most of the cost of opening a connection.
   */
  @Bean
  WebSecurityCustomizer webSocketHandshake() {
    return web -> web.ignoring().requestMatchers("/ws");
  }

  @Bean
  SecurityFilterChain api(HttpSecurity http, ObjectProvider<BannedUsers> bans, Outages outages)
      throws Exception {
    http.addFilterAfter(
        new BanFilter(bans.getIfAvailable(() -> BannedUsers.NONE), outages),
        BearerTokenAuthenticationFilter.class);
    http.csrf(csrf -> csrf.disable())
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .authorizeHttpRequests(
            requests ->
                requests
                    .requestMatchers(
                        "/api/v1/dev/token",
                        "/api/v1/openapi.json",
                        "/actuator/health/**",
                        "/actuator/health")
                    .permitAll()
                    // why: metrics describe the whole node and its traffic, for operators only
                    .requestMatchers("/actuator/**")
                    .hasAuthority(SERVICE_AUTHORITY)
                    .requestMatchers("/api/**")
                    .authenticated()
                    .anyRequest()
                    .permitAll())
        .oauth2ResourceServer(
            oauth ->
                oauth
                    .jwt(jwt -> jwt.jwtAuthenticationConverter(SecurityConfiguration::authenticate))
                    .authenticationEntryPoint(SecurityConfiguration::unauthenticated)
                    .accessDeniedHandler(
                        (request, response, e) ->
                            Problems.write(
                                request,
                                response,
                                Problems.of(
                                    HttpStatus.FORBIDDEN, "forbidden", "access denied", null))))
        .exceptionHandling(
            ex -> ex.authenticationEntryPoint(SecurityConfiguration::unauthenticated));
    return http.build();
  }

  /**
   * Authenticates a verified token by the same rule REST controllers and STOMP use ({@link
   * TokenVerifier#callerOf}), instead of Spring's own reading of {@code scope}, which knew other
   * claim shapes than the API did.
   */
  private static JwtAuthenticationToken authenticate(Jwt jwt) {
    Caller caller;
    try {
      caller = TokenVerifier.callerOf(jwt);
    } catch (TokenVerifier.InvalidTokenException e) {
      throw new InvalidBearerTokenException(e.getMessage());
    }
    var request = RequestContextHolder.getRequestAttributes();
    if (request != null) {
      // why: the access log names the caller, and runs outside the security filters
      request.setAttribute(
          AccessLog.USER_ATTRIBUTE, caller.userId(), RequestAttributes.SCOPE_REQUEST);
    }
    var authorities =
        caller.service()
            ? List.<GrantedAuthority>of(new SimpleGrantedAuthority(SERVICE_AUTHORITY))
            : List.<GrantedAuthority>of();
    return new JwtAuthenticationToken(jwt, authorities, caller.userId());
  }

  /**
   * URLs Spring Security's firewall refuses (a {@code ;}, an encoded {@code /}, …) get a problem
   * too, not the servlet container's error page.
   */
  @Bean
  RequestRejectedHandler requestRejectedHandler() {
    return (request, response, e) ->
        Problems.write(
            request,
            response,
            Problems.of(HttpStatus.BAD_REQUEST, "request", "the request URL is not allowed", null));
  }

  /**
   * A 401 problem with the {@code WWW-Authenticate} challenge that RFC 9110 requires on every 401
   * and RFC 6750 words for bearer tokens: {@code error="invalid_token"} when a token was sent but
   * is not good.
   */
  private static void unauthenticated(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    boolean badToken = e instanceof OAuth2AuthenticationException;
    String detail =
        badToken
            ? "a valid bearer token is required: " + e.getMessage()
            : "a valid bearer token is required";
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, badToken ? INVALID_TOKEN_CHALLENGE : "Bearer");
    Problems.write(
        request, response, Problems.of(HttpStatus.UNAUTHORIZED, "unauthenticated", detail, null));
  }

  @Override
  public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
    resolvers.add(new CallerArgumentResolver());
  }

  /** Resolves a controller's {@link Caller} parameter from the verified JWT. */
  static final class CallerArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(org.springframework.core.MethodParameter parameter) {
      return parameter.getParameterType() == Caller.class;
    }

    @Override
    public Object resolveArgument(
        org.springframework.core.MethodParameter parameter,
        org.springframework.web.method.support.ModelAndViewContainer mavContainer,
        org.springframework.web.context.request.NativeWebRequest webRequest,
        org.springframework.web.bind.support.WebDataBinderFactory binderFactory) {
      var authentication =
          org.springframework.security.core.context.SecurityContextHolder.getContext()
              .getAuthentication();
      if (authentication instanceof JwtAuthenticationToken token) {
        return TokenVerifier.callerOf(token.getToken());
      }
      throw new TokenVerifier.InvalidTokenException("a valid bearer token is required");
    }
  }
}
