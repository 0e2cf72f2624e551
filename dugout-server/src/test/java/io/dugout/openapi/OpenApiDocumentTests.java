package io.dugout.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI document the server serves, and its copy in {@code docs/openapi.json}, which must not
 * drift from it.
 */
class OpenApiDocumentTests extends ApiTest {

  static final Path COPY = Path.of("..", "docs", "openapi.json").toAbsolutePath().normalize();

  /** Set to rewrite {@link #COPY} from what the server serves. */
  static final String REWRITE = "dugout.openapi.write";

  private static final JsonMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  @Test
  void isServedWithoutAToken() {
    var response = client.get(null, "/api/v1/openapi.json");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("openapi").asString()).startsWith("3.");
  }

  @Test
  void docsCopyIsWhatTheServerServes() throws IOException {
    JsonNode served = client.get(null, "/api/v1/openapi.json").json();
    if (Boolean.getBoolean(REWRITE)) {
      Files.writeString(COPY, JSON.writeValueAsString(served) + "\n");
    }

    assertThat(JSON.readTree(Files.readString(COPY)))
        .as(
            "docs/openapi.json differs from GET /api/v1/openapi.json; refresh it with"
                + " -D%s=true -Dtest=OpenApiDocumentTests",
            REWRITE)
        .isEqualTo(served);
  }

  @Test
  void everyRouteButTheTryItOutTokenAndTheUploadUrlNeedsABearerToken() {
    JsonNode document = client.get(null, "/api/v1/openapi.json").json();
    var open = new ArrayList<String>();
    document
        .get("paths")
        .properties()
        .forEach(
            path ->
                path.getValue()
                    .properties()
                    .forEach(
                        operation -> {
                          if (!operation.getValue().has("security")) {
                            open.add(operation.getKey() + " " + path.getKey());
                          }
                        }));

    assertThat(document.at("/components/securitySchemes/bearer/bearerFormat").asString())
        .isEqualTo("JWT");
    assertThat(open).containsExactlyInAnyOrder("post /api/v1/dev/token", "put /uploads/{uploadId}");
  }

  @Test
  void everyOperationReferencesTheSharedProblemResponses() {
    JsonNode document = client.get(null, "/api/v1/openapi.json").json();
    JsonNode messages = document.at("/paths/~1api~1v1~1rooms~1{roomId}~1messages/post/responses");

    assertThat(messages.at("/403/$ref").asString()).isEqualTo("#/components/responses/Problem403");
    assertThat(messages.has("201")).isTrue();
    assertThat(
            document
                .at(
                    "/components/responses/Problem403/content/application~1problem+json/schema/$ref")
                .asString())
        .isEqualTo("#/components/schemas/Problem");
    assertThat(document.at("/components/schemas/ProblemDetail").isMissingNode()).isTrue();
  }
}
