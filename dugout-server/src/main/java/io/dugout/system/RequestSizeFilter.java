package io.dugout.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses REST bodies over {@code dugout.limits.max-request-bytes} with 413 before anything parses
 * them, so one client cannot make the server buffer large documents. A body without a
 * Content-Length (chunked, as streaming HTTP clients send it) is read up to the limit and no
 * further.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
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
    if (length > maxBytes) {
      tooLarge(request, response);
      return;
    }
    if (length < 0 && request.getHeader("Transfer-Encoding") != null) {
      byte[] body =
          request.getInputStream().readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE));
      if (body.length > maxBytes) {
        tooLarge(request, response);
        return;
      }
      chain.doFilter(new ReadBody(request, body), response);
      return;
    }
    chain.doFilter(request, response);
  }

  private void tooLarge(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Problems.write(
        request,
        response,
        Problems.of(
            HttpStatus.CONTENT_TOO_LARGE,
            "too_large",
            "the request body is over " + maxBytes + " bytes",
            null));
  }

  /** A request whose body was already read, within the limit. */
  private static final class ReadBody extends HttpServletRequestWrapper {

    private final byte[] body;
    private final ServletInputStream stream;

    ReadBody(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
      this.stream = streamOf(new ByteArrayInputStream(body));
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }

    @Override
    public ServletInputStream getInputStream() {
      return stream;
    }

    private static ServletInputStream streamOf(ByteArrayInputStream in) {
      return new ServletInputStream() {
        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new UnsupportedOperationException("the body was read already");
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      String encoding = getCharacterEncoding() == null ? "UTF-8" : getCharacterEncoding();
      return new BufferedReader(new InputStreamReader(stream, Charset.forName(encoding)));
    }
  }
}
