package io.dugout.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

  /** The first request generates the document: seconds, more on a busy machine. */
  private static final Duration FIRST_REQUEST = Duration.ofSeconds(120);

  @Test
  void isServedWithoutAToken() {
    var response = served();

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("openapi").asString()).startsWith("3.");
  }

  private ApiResponse served() {
    var request = client.request("/api/v1/openapi.json").timeout(FIRST_REQUEST).GET().build();
    return client.exchange(request, "GET", "/api/v1/openapi.json", null);
  }

  @Test
  void docsCopyIsWhatTheServerServes() throws IOException {
    JsonNode served = served().json();
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
    JsonNode document = served().json();
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
    JsonNode document = served().json();
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
