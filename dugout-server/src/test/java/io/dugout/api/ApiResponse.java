package io.dugout.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;

/** A response with the request that caused it. */
public final class ApiResponse {

  /** Where the e2e tests write the exchanges that docs/protocol.md shows. */
  public static final Path SNIPPETS = Path.of("target", "snippets");

  private final String method;
  private final String path;
  private final String requestBody;
  private final int status;
  private final HttpHeaders headers;
  private final String body;
  private JsonNode json;

  ApiResponse(String method, String path, String requestBody, HttpResponse<String> response) {
    this(method, path, requestBody, response.statusCode(), response.headers(), response.body());
  }

  ApiResponse(
      String method,
      String path,
      String requestBody,
      int status,
      HttpHeaders headers,
      String body) {
    this.method = method;
    this.path = path;
    this.requestBody = requestBody;
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  public int status() {
    return status;
  }

  public String body() {
    return body;
  }

  public java.util.List<String> headers(String name) {
    return headers.allValues(name);
  }

  /** Every header of the response, by lower-case name. */
  public java.util.Map<String, java.util.List<String>> headers() {
    return headers.map();
  }

  public String contentType() {
    return headers.firstValue("Content-Type").orElse("");
  }

  /** The body as a JSON tree; fails the test if it is not JSON. */
  public JsonNode json() {
    if (json == null) {
      json = DugoutClient.JSON.readTree(body());
    }
    return json;
  }

  /** Shortcut for a text field of the body. */
  public String text(String field) {
    JsonNode node = json().get(field);
    return node == null || node.isNull() ? null : node.asString();
  }

  public long number(String field) {
    return json().get(field).asLong();
  }

  /**
   * Writes this exchange to {@code target/snippets/<name>.http} (request and response) and the
   * response body to {@code <name>.json}, so the examples in the docs are ones a test ran.
   */
  public ApiResponse snippet(String name) {
    try {
      Files.createDirectories(SNIPPETS);
      var text = new StringBuilder();
      text.append(method).append(' ').append(path).append('\n');
      if (requestBody != null) {
        text.append(requestBody).append('\n');
      }
      text.append("→ ").append(status()).append('\n');
      String pretty = prettyBody();
      if (!pretty.isEmpty()) {
        text.append(pretty).append('\n');
        Files.writeString(SNIPPETS.resolve(name + ".json"), pretty + "\n");
      }
      Files.writeString(SNIPPETS.resolve(name + ".http"), text);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String prettyBody() {
    if (body() == null || body().isEmpty()) {
      return "";
    }
    return DugoutClient.JSON
        .writer()
        .with(SerializationFeature.INDENT_OUTPUT)
        .writeValueAsString(json());
  }

  @Override
  public String toString() {
    return method + " " + path + " → " + status() + " " + body();
  }
}
