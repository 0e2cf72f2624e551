package io.dugout.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request whose {@code Content-Type} is a pattern ({@code application/*}, {@code *}{@code
 * /*}, {@code application/*+json}) with 415 before Spring reads it: a body has one media type, and
 * Spring MVC fails on such a header with an exception (a 500) when it adds the request's charset.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class ContentTypeFilter extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (isPattern(request.getContentType())) {
      Problems.write(
          request,
          response,
          Problems.of(
              HttpStatus.UNSUPPORTED_MEDIA_TYPE,
              "request",
              "Content-Type must be one media type, such as application/json, not a pattern",
              null));
      return;
    }
    chain.doFilter(request, response);
  }

  private static boolean isPattern(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return false;
    }
    try {
      MediaType type = MediaType.parseMediaType(contentType);
      return type.isWildcardType() || type.isWildcardSubtype();
    } catch (InvalidMediaTypeException e) {
      // why: Spring MVC answers a Content-Type it cannot parse with 415 itself
      return false;
    }
  }
}
