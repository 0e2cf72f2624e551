package io.dugout.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** Assertions on Dugout's REST responses, problem documents above all. */
public final class ApiAssertions {

  /** Text that would betray a stack trace or an implementation class in a response. */
  private static final List<String> LEAKS =
      List.of(
          "Exception",
          "\tat ",
          "at java.",
          "java.lang",
          "io.dugout.",
          "org.springframework",
          "tools.jackson",
          "com.fasterxml",
          "com.nimbusds",
          "org.rocksdb",
          "trace");

  private ApiAssertions() {}

  /** The response is an RFC 9457 problem with this status and Dugout {@code code}. */
  public static ApiResponse assertProblem(ApiResponse response, int status, String code) {
    assertThat(response.status()).as("status of %s", response).isEqualTo(status);
    assertThat(response.contentType())
        .as("content type of %s", response)
        .startsWith("application/problem+json");
    assertThat(response.json().get("status").asInt()).isEqualTo(status);
    assertThat(response.text("code")).as("code of %s", response).isEqualTo(code);
    assertThat(response.text("type")).isEqualTo("urn:dugout:problem:" + code);
    assertThat(response.text("title")).isNotBlank();
    assertThat(response.text("instance")).as("instance of %s", response).startsWith("/");
    var fields = new java.util.HashSet<String>(response.json().propertyNames());
    fields.remove("field");
    // why: the details some codes carry (muted: until, slow_mode: retryAfter)
    fields.remove("until");
    fields.remove("retryAfter");
    assertThat(fields)
        .as("one problem shape, from Spring MVC and from filters alike: %s", response)
        .containsExactlyInAnyOrder("type", "title", "status", "detail", "instance", "code");
    assertNoLeak(response);
    return response;
  }

  /** A 400 {@code validation} problem naming {@code field}. */
  public static ApiResponse assertInvalid(ApiResponse response, String field) {
    assertProblem(response, 400, "validation");
    assertThat(response.text("field")).as("field of %s", response).isEqualTo(field);
    assertThat(response.text("detail")).startsWith(field + ":");
    return response;
  }

  /** No stack trace or Java class name in the body. */
  public static void assertNoLeak(ApiResponse response) {
    for (String leak : LEAKS) {
      assertThat(response.body()).as("body of %s", response).doesNotContain(leak);
    }
  }
}
