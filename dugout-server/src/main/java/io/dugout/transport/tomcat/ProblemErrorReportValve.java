package io.dugout.transport.tomcat;

import io.dugout.system.Problems;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatusCode;

/**
 * Answers the errors Tomcat raises before Spring sees a request (a URL with {@code %00} or broken
 * percent-encoding, for one) with Dugout's problem document instead of Tomcat's HTML page. Errors
 * whose response already has a body, which is every error Spring handles, pass through untouched.
 */
final class ProblemErrorReportValve extends ErrorReportValve {

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0) {
      return;
    }
    var ioAllowed = new AtomicBoolean(true);
    response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
    if (!ioAllowed.get() || !response.setErrorReported()) {
      return;
    }
    try {
      response.resetBuffer();
      Problems.write(
          request,
          response,
          Problems.of(
              HttpStatusCode.valueOf(status),
              "request",
              "the server cannot read this request (malformed URL or HTTP)",
              null));
      response.finishResponse();
    } catch (IOException | IllegalStateException e) {
      // why: the client is gone or the response was committed meanwhile; nothing left to tell
    }
  }
}
