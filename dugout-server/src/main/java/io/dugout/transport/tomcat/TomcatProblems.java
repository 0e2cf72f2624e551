package io.dugout.transport.tomcat;

import io.dugout.system.Problems;
import io.dugout.system.QueryStrings;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The problems only Tomcat raises, answered in Dugout's error vocabulary. Ahead of the general
 * handler, whose catch-all would otherwise take them.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class TomcatProblems {

  /**
   * Tomcat parses the query string (and a form body) when a parameter is first read, and throws
   * this when it cannot: broken percent-encoding, bytes that are not UTF-8, a parameter without a
   * name, too many parameters. It is the client's request that is broken, whichever code asked.
   */
  @ExceptionHandler(InvalidParameterException.class)
  ResponseEntity<ProblemDetail> unreadableParameters(HttpServletRequest request) {
    String field = QueryStrings.undecodableParameter(request.getQueryString());
    var problem =
        field != null
            ? Problems.of(
                HttpStatus.BAD_REQUEST,
                "validation",
                field + ": is not valid percent-encoded UTF-8",
                field)
            : Problems.of(
                HttpStatus.BAD_REQUEST,
                "request",
                "the query string or form body cannot be read (broken percent-encoding, a"
                    + " parameter without a name, or too many parameters)",
                null);
    return ResponseEntity.badRequest().body(problem);
  }
}
