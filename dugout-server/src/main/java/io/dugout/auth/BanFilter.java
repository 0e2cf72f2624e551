package io.dugout.auth;

import io.dugout.system.DugoutException;
import io.dugout.system.Outages;
import io.dugout.system.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses every REST call of a banned user with {@code 403 banned}, right after their token is
 * verified and before any controller runs. Service tokens are never refused. When the ban store's
 * backend is down the call is answered {@code 503 unavailable}, as any call that needs a backend is
 * then (this filter runs outside Spring MVC's error handling, so it asks {@link Outages} itself).
 */
final class BanFilter extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(BanFilter.class);

  private final BannedUsers bans;
  private final Outages outages;

  BanFilter(BannedUsers bans, Outages outages) {
    this.bans = bans;
    this.outages = outages;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (SecurityContextHolder.getContext().getAuthentication() instanceof JwtAuthenticationToken t
        && !TokenVerifier.callerOf(t.getToken()).service()) {
      boolean banned;
      try {
        banned = bans.contains(t.getName());
      } catch (RuntimeException e) {
        var unavailable = outages.asUnavailable(e);
        if (unavailable == null) {
          throw e;
        }
        if (outages.alreadyLogged(e)) {
          log.debug("{}: {}", unavailable.getMessage(), e.toString());
        } else {
          log.warn("{}: {}", unavailable.getMessage(), e.toString());
        }
        Problems.write(request, response, Problems.of(unavailable));
        return;
      }
      if (banned) {
        Problems.write(
            request,
            response,
            Problems.of(DugoutException.banned("user " + t.getName() + " is banned")));
        return;
      }
    }
    chain.doFilter(request, response);
  }
}
