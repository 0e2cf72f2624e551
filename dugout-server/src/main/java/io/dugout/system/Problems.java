package io.dugout.system;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds Dugout's RFC 9457 problem documents: a {@code type} of {@code urn:dugout:problem:<code>},
 * the stable {@code code}, and the {@code field} at fault if any.
 */
public final class Problems {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Problems() {}

  public static ProblemDetail of(HttpStatusCode status, String code, String detail, String field) {
    var problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setType(URI.create("urn:dugout:problem:" + code));
    problem.setProperty("code", code);
    if (field != null) {
      problem.setProperty("field", field);
    }
    return problem;
  }

  /** The code of a problem that has nothing more specific to say than its status. */
  static String codeOf(HttpStatusCode status) {
    return switch (status.value()) {
      case 400 -> "validation";
      case 404 -> "not_found";
      case 413 -> "too_large";
      default -> status.is4xxClientError() ? "request" : "internal";
    };
  }

  public static ProblemDetail of(DugoutException e) {
    var problem = of(e.status(), e.code(), e.getMessage(), e.field());
    e.details().forEach(problem::setProperty);
    return problem;
  }

  /**
   * Writes a problem outside Spring MVC (security filters, servlet filters), in the same shape as
   * Spring MVC writes them: with the request path as {@code instance}.
   */
  public static void write(
      HttpServletRequest request, HttpServletResponse response, ProblemDetail problem)
      throws IOException {
    var body = new LinkedHashMap<String, Object>();
    body.put("type", problem.getType().toString());
    body.put("title", problem.getTitle());
    body.put("status", problem.getStatus());
    body.put("detail", problem.getDetail());
    body.put("instance", request.getRequestURI());
    if (problem.getProperties() != null) {
      body.putAll(problem.getProperties());
    }
    response.setStatus(problem.getStatus());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    JSON.writeValue(response.getOutputStream(), body);
  }
}
