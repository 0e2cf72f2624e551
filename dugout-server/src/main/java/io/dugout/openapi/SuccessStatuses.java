package io.dugout.openapi;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.ResolvableType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.method.HandlerMethod;

/**
 * Reads the success statuses from the controllers' one convention instead of an annotation on each:
 * a handler that answers {@code ResponseEntity<Void>} answers {@code 204} with no body, and one
 * that answers another {@code ResponseEntity} (it chooses its status) may answer {@code 201} for
 * what it created as well as {@code 200} for what already existed (a retry).
 */
final class SuccessStatuses implements OperationCustomizer {

  @Override
  public Operation customize(Operation operation, HandlerMethod handler) {
    var returned = ResolvableType.forMethodReturnType(handler.getMethod());
    if (!ResponseEntity.class.equals(returned.resolve())
        || handler.hasMethodAnnotation(GetMapping.class)) {
      return operation;
    }
    var responses = operation.getResponses();
    ApiResponse ok = responses.remove("200");
    if (Void.class.equals(returned.getGeneric(0).resolve())) {
      responses.addApiResponse("204", new ApiResponse().description("No Content"));
    } else if (ok != null) {
      responses.addApiResponse("200", ok.description("OK: it existed already"));
      responses.addApiResponse(
          "201", new ApiResponse().description("Created").content(ok.getContent()));
    }
    return operation;
  }
}
