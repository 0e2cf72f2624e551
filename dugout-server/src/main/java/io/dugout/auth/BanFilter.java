package io.dugout.auth;

import io.dugout.system.DugoutException;
import io.dugout.system.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses every REST call of a banned user with {@code 403 banned}, right after their token is
 * verified and before any controller runs. Service tokens are never refused.
 */
final class BanFilter extends OncePerRequestFilter {

  private final BannedUsers bans;

  BanFilter(BannedUsers bans) {
    this.bans = bans;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (SecurityContextHolder.getContext().getAuthentication() instanceof JwtAuthenticationToken t
        && bans.contains(t.getName())
        && !TokenVerifier.callerOf(t.getToken()).service()) {
      Problems.write(
          request,
          response,
          Problems.of(DugoutException.banned("user " + t.getName() + " is banned")));
      return;
    }
    chain.doFilter(request, response);
  }
}
