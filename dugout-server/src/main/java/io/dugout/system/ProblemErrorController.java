package io.dugout.system;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Answers the servlet container's error dispatches with a problem document instead of Spring Boot's
 * default error JSON: a status Tomcat sets itself (405 for {@code TRACE}), or an exception that
 * escaped a servlet filter. A request for the error path itself is a path like any other: 404.
 */
@RestController
class ProblemErrorController implements ErrorController {

  @RequestMapping("${server.error.path:${error.path:/error}}")
  ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
    Object statusAttribute = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    Object pathAttribute = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    var status =
        HttpStatusCode.valueOf(statusAttribute instanceof Integer code && code >= 400 ? code : 404);
    var problem = Problems.of(status, Problems.codeOf(status), detail(status), null);
    problem.setInstance(
        URI.create(pathAttribute instanceof String path ? path : request.getRequestURI()));
    return ResponseEntity.status(status).body(problem);
  }

  private static String detail(HttpStatusCode status) {
    if (status.value() == HttpStatus.NOT_FOUND.value()) {
      return "no such endpoint";
    }
    if (status.value() == HttpStatus.METHOD_NOT_ALLOWED.value()) {
      return "this method is not allowed here";
    }
    return status.is4xxClientError() ? "the server cannot serve this request" : "internal error";
  }
}
