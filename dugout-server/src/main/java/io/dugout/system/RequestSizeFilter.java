package io.dugout.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses REST bodies over {@code dugout.limits.max-request-bytes} with 413 before anything
 * reads them, so one client cannot make the server buffer large documents.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestSizeFilter extends OncePerRequestFilter {

  private final long maxBytes;

  RequestSizeFilter(DugoutProperties properties) {
    this.maxBytes = properties.limits().maxRequestBytes();
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !request.getRequestURI().startsWith("/api/");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long length = request.getContentLengthLong();
    boolean chunked = length < 0 && "chunked".equalsIgnoreCase(request.getHeader("Transfer-Encoding"));
    if (length > maxBytes || chunked) {
      Problems.write(
          request,
          response,
          Problems.of(
              HttpStatus.CONTENT_TOO_LARGE,
              "too_large",
              chunked
                  ? "request bodies must declare a Content-Length"
                  : "the request body is over " + maxBytes + " bytes",
              null));
      return;
    }
    chain.doFilter(request, response);
  }
}
