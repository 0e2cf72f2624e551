package io.dugout.system;

import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Turns every failure of a REST call into a problem document; never leaks a stack trace. */
@RestControllerAdvice
class ProblemHandler extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

  private final Outages outages;

  ProblemHandler(Outages outages) {
    this.outages = outages;
  }

  @ExceptionHandler(DugoutException.class)
  ResponseEntity<ProblemDetail> dugout(DugoutException e) {
    var response = ResponseEntity.status(e.status());
    // why: HTTP clients and proxies read the wait from the header, not from the body
    if (e.details().get("retryAfter") instanceof Number seconds) {
      response.header("Retry-After", Long.toString(seconds.longValue()));
    }
    return response.body(Problems.of(e));
  }

  @ExceptionHandler(MethodArgumentTypeMismatchException.class)
  ResponseEntity<ProblemDetail> typeMismatch(MethodArgumentTypeMismatchException e) {
    var problem =
        Problems.of(
            HttpStatus.BAD_REQUEST,
            "validation",
            e.getName() + ": has the wrong type",
            e.getName());
    return ResponseEntity.badRequest().body(problem);
  }

  /**
   * Spring Security's firewall checks parameter and header names when they are read, which can be
   * inside Spring MVC (a form body, an actuator endpoint) rather than in the filter chain.
   */
  @ExceptionHandler(RequestRejectedException.class)
  ResponseEntity<ProblemDetail> rejected() {
    var problem =
        Problems.of(
            HttpStatus.BAD_REQUEST,
            "request",
            "the request has a parameter or header the server does not allow",
            null);
    return ResponseEntity.badRequest().body(problem);
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<ProblemDetail> unexpected(Exception e) {
    var unavailable = e instanceof RuntimeException r ? outages.asUnavailable(r) : null;
    if (unavailable != null) {
      // why: a backend's outage is the operator's to see in the health checks, not a bug; once
      // its one WARN line is out, a line per failed request would bury it
      if (outages.alreadyLogged((RuntimeException) e)) {
        log.debug("{}: {}", unavailable.getMessage(), e.toString());
      } else {
        log.warn("{}: {}", unavailable.getMessage(), e.toString());
      }
      return dugout(unavailable);
    }
    log.error("Unexpected failure", e);
    var problem = Problems.of(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "internal error", null);
    return ResponseEntity.internalServerError().body(problem);
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    return ResponseEntity.badRequest().body(unreadable(e));
  }

  @Override
  protected ResponseEntity<Object> createResponseEntity(
      Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    // why: Spring's own problems (404 for an unknown path, 405, 415, …) get Dugout's type and
    // code too, so clients can switch on them, and say nothing of how the server is built
    if (body instanceof ProblemDetail problem && problem.getProperties() == null) {
      String code = Problems.codeOf(status);
      problem.setType(URI.create("urn:dugout:problem:" + code));
      problem.setProperty("code", code);
      if (status.value() == HttpStatus.NOT_FOUND.value()) {
        problem.setDetail("no such endpoint");
      }
    }
    return super.createResponseEntity(body, headers, status, request);
  }

  private static ProblemDetail unreadable(HttpMessageNotReadableException e) {
    Throwable cause = e.getCause();
    if (cause instanceof UnrecognizedPropertyException unknown) {
      String field = JsonPaths.of(unknown);
      return Problems.of(
          HttpStatus.BAD_REQUEST, "validation", field + ": is not a known field", field);
    }
    if (cause instanceof JacksonException jackson && !jackson.getPath().isEmpty()) {
      String field = JsonPaths.of(jackson);
      return Problems.of(
          HttpStatus.BAD_REQUEST, "validation", field + ": has the wrong type or format", field);
    }
    String detail =
        cause == null ? "the request body is missing" : "the request body is not valid JSON";
    return Problems.of(HttpStatus.BAD_REQUEST, "validation", detail, null);
  }
}
