package io.dugout.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Adds what every route shares: the bearer-token scheme (required everywhere except the try-it-out
 * token route), the {@code Problem} schema of {@link io.dugout.system.DugoutException}'s problem
 * documents, one shared response per error status, and a reference to each from every operation.
 */
final class SharedParts implements OpenApiCustomizer {

  static final String BEARER = "bearer";
  static final String PROBLEM_MEDIA_TYPE = "application/problem+json";

  /**
   * Paths that need no token, as SecurityConfiguration permits them: the try-it-out token and the
   * upload URL, whose signature is its credential.
   */
  private static final List<String> PUBLIC_PATHS = List.of("/api/v1/dev/token", "/uploads/");

  /** Every error status a REST call can answer with, as docs/protocol.md's "Errors" lists them. */
  private static final Map<String, String> ERRORS =
      Map.ofEntries(
          Map.entry("400", "The request is malformed or a value is invalid (`validation`, …)."),
          Map.entry("401", "Missing, malformed, expired or wrongly signed bearer token."),
          Map.entry("403", "The caller may not do this (`forbidden`, `blocked`, `muted`, …)."),
          Map.entry("404", "Unknown room, member, message or path."),
          Map.entry("405", "The path does not take this method."),
          Map.entry("409", "The operation does not fit the room or message."),
          Map.entry("413", "The request body or file is too large."),
          Map.entry("415", "The body is not JSON, or a file's type is not allowed."),
          Map.entry("429", "Too many requests of this kind (`rate_limited`, `slow_mode`)."),
          Map.entry("503", "Not confirmed in time; resending with the same clientMsgId is safe."));

  private static final List<String> CODES =
      List.of(
          "validation",
          "unauthenticated",
          "content_refused",
          "forbidden",
          "blocked",
          "muted",
          "frozen",
          "banned_from_room",
          "banned",
          "own_message",
          "not_reportable",
          "edit_window_closed",
          "not_found",
          "conflict",
          "unavailable",
          "too_large",
          "unsupported_type",
          "rate_limited",
          "slow_mode",
          "request",
          "internal");

  @Override
  public void customise(OpenAPI api) {
    var components = api.getComponents() == null ? new Components() : api.getComponents();
    api.setComponents(components);
    components.addSecuritySchemes(
        BEARER,
        new SecurityScheme()
            .type(SecurityScheme.Type.HTTP)
            .scheme("bearer")
            .bearerFormat("JWT")
            .description(
                "A JWT whose `sub` is the user id; `scope` `dugout:service` makes it a service"
                    + " token that acts for the product's backend."));
    components.addSchemas("Problem", problem());
    new TreeMap<>(ERRORS)
        .forEach(
            (status, description) ->
                components.addResponses(
                    responseName(status),
                    new ApiResponse()
                        .description(description)
                        .content(
                            new Content()
                                .addMediaType(
                                    PROBLEM_MEDIA_TYPE,
                                    new MediaType()
                                        .schema(
                                            new Schema<>()
                                                .$ref("#/components/schemas/Problem"))))));
    if (api.getPaths() == null) {
      return;
    }
    api.getPaths()
        .forEach(
            (path, item) ->
                item.readOperations().forEach(operation -> shareParts(path, operation)));
  }

  private static void shareParts(String path, Operation operation) {
    if (PUBLIC_PATHS.stream().noneMatch(path::startsWith)) {
      operation.addSecurityItem(new SecurityRequirement().addList(BEARER));
    }
    var responses =
        operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
    operation.setResponses(responses);
    new TreeMap<>(ERRORS)
        .keySet()
        .forEach(
            status ->
                responses.addApiResponse(
                    status,
                    new ApiResponse().$ref("#/components/responses/" + responseName(status))));
  }

  private static String responseName(String status) {
    return "Problem" + status;
  }

  /** An RFC 9457 problem document as Dugout writes it (see docs/protocol.md, "Errors"). */
  private static Schema<?> problem() {
    var schema = new ObjectSchema();
    schema.description("An RFC 9457 problem document; `code` is stable, `detail` is for humans.");
    schema.addProperty("type", new StringSchema().example("urn:dugout:problem:validation"));
    schema.addProperty("title", new StringSchema().description("The HTTP reason phrase."));
    schema.addProperty("status", new IntegerSchema().format("int32"));
    schema.addProperty("detail", new StringSchema());
    schema.addProperty("instance", new StringSchema().description("The request path."));
    var code = new StringSchema();
    CODES.forEach(code::addEnumItem);
    schema.addProperty("code", code);
    schema.addProperty(
        "field", new StringSchema().description("The field at fault, when one field is."));
    schema.addProperty(
        "until",
        new StringSchema().format("date-time").description("`muted` only: when the mute ends."));
    schema.addProperty(
        "retryAfter",
        new IntegerSchema().description("`slow_mode` only: whole seconds until the next send."));
    schema.required(List.of("type", "title", "status", "code"));
    return schema;
  }
}
