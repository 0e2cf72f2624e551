package io.dugout.system;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/** How the REST API answers requests it cannot use: problem documents, never stack traces. */
class ErrorApiTests extends ApiTest {

  @Test
  void rejectsMalformedJsonAsAValidationProblem() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    for (String body :
        new String[] {"{", "not json", "{\"clientMsgId\": \"c-1\",", "[1,2]", "{\"kind\": TEXT}"}) {
      var response = client.post(token, "/api/v1/rooms/" + roomId + "/messages", body);
      assertProblem(response, 400, "validation");
    }
    assertProblem(client.post(token, "/api/v1/rooms", "{\"type\":"), 400, "validation");
  }

  @Test
  void rejectsAMissingBody() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertProblem(
        client.post(token, "/api/v1/rooms/" + roomId + "/messages", ""), 400, "validation");
    assertProblem(client.post(token, "/api/v1/rooms", null), 400, "validation");
  }

  @Test
  void rejectsAnUnknownFieldNamingIt() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    var misspelt =
        client.post(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            "{\"clientMsgID\":\"c-1\",\"kind\":\"TEXT\",\"content\":\"hi\"}");
    assertInvalid(misspelt, "clientMsgID");
    assertInvalid(
        client.post(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            "{\"clientMsgId\":\"c-1\",\"kind\":\"FILE\",\"attachments\":[{\"url\":\"https://x\",\"name\":\"a\",\"size\":1,\"mime\":\"a/b\",\"sha\":\"1\"}]}"),
        "attachments[0].sha");
    assertInvalid(
        client.post(token, "/api/v1/rooms", "{\"type\":\"GROUP\",\"members\":[\"bob\"]}"),
        "members");
    assertInvalid(
        client.post(token, "/api/v1/rooms/" + roomId + "/read", "{\"seq\":1,\"at\":2}"), "at");
    assertInvalid(client.post(null, "/api/v1/dev/token", "{\"user\":\"alice\"}"), "user");
    assertThat(client.get(token, "/api/v1/rooms/" + roomId + "/messages").json().get("messages"))
        .isEmpty();
  }

  @Test
  void rejectsAFieldOfTheWrongTypeNamingIt() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertInvalid(
        client.post(token, "/api/v1/rooms/" + roomId + "/read", "{\"seq\":\"x\"}"), "seq");
    assertInvalid(client.post(token, "/api/v1/rooms/" + roomId + "/read", "{\"seq\":{}}"), "seq");
    assertInvalid(
        client.post(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            "{\"clientMsgId\":\"c-1\",\"kind\":\"NOPE\",\"content\":\"x\"}"),
        "kind");
    assertInvalid(
        client.post(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            "{\"clientMsgId\":\"c-1\",\"kind\":\"TEXT\",\"content\":[\"x\"]}"),
        "content");
    assertInvalid(
        client.post(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            "{\"clientMsgId\":\"c-1\",\"kind\":\"FILE\",\"attachments\":{}}"),
        "attachments");
    assertInvalid(
        client.post(token, "/api/v1/rooms", "{\"type\":\"GROUP\",\"memberIds\":\"bob\"}"),
        "memberIds");
    assertInvalid(
        client.post(
            token,
            "/api/v1/rooms",
            "{\"type\":\"TRADE\",\"memberIds\":[\"s\"],\"trade\":\"glove\"}"),
        "trade");
  }

  @Test
  void refusesABodyOverSixtyFourKibibytesAsTooLarge() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    String huge =
        "{\"clientMsgId\":\"c-1\",\"kind\":\"TEXT\",\"content\":\"" + "a".repeat(70_000) + "\"}";
    var response = client.post(token, "/api/v1/rooms/" + roomId + "/messages", huge);
    assertProblem(response, 413, "too_large");
    assertThat(response.text("detail")).contains("65536");
    assertProblem(client.post(null, "/api/v1/rooms", huge), 413, "too_large");
    String justUnder =
        "{\"clientMsgId\":\"c-2\",\"kind\":\"TEXT\",\"content\":\"" + "a".repeat(65_400) + "\"}";
    assertThat(justUnder.length()).isLessThanOrEqualTo(65536);
    assertInvalid(
        client.post(token, "/api/v1/rooms/" + roomId + "/messages", justUnder), "content");
  }

  @Test
  void acceptsAChunkedBodyUnderTheLimitAndRefusesOneOverIt() {
    // why: HTTP clients that stream bodies (Spring's RestClient among them) send them chunked
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    String small = "{\"clientMsgId\":\"c-1\",\"kind\":\"TEXT\",\"content\":\"streamed\"}";
    var accepted = chunked(token, "/api/v1/rooms/" + roomId + "/messages", small);
    assertThat(accepted.status()).as("%s", accepted).isEqualTo(201);
    assertThat(accepted.text("content")).isEqualTo("streamed");

    String huge =
        "{\"clientMsgId\":\"c-2\",\"kind\":\"TEXT\",\"content\":\"" + "a".repeat(70_000) + "\"}";
    assertProblem(chunked(token, "/api/v1/rooms/" + roomId + "/messages", huge), 413, "too_large");
    assertThat(client.get(token, "/api/v1/rooms/" + roomId + "/messages").json().get("messages"))
        .hasSize(1);
  }

  private ApiResponse chunked(String token, String path, String body) {
    byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    var request =
        client
            .request(path)
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofInputStream(
                    () -> new java.io.ByteArrayInputStream(bytes)))
            .build();
    return client.exchange(request, "POST", path, body);
  }

  @Test
  void answersUnsupportedMediaTypesAndMethodsWithProblems() {
    String token = client.token(user("alice"));
    var textPlain =
        client.exchange(
            client
                .request("/api/v1/rooms")
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("hello"))
                .build(),
            "POST",
            "/api/v1/rooms",
            "hello");
    assertProblem(textPlain, 415, "request");
    assertProblem(client.send("PUT", token, "/api/v1/rooms", "{}"), 405, "request");
  }

  @Test
  void answersAPathTheFirewallRejectsWithAProblem() {
    String token = client.token(user("alice"));
    assertProblem(client.get(token, "/api/v1/rooms/a;b"), 400, "request");
    assertProblem(client.get(null, "/api/v1/rooms;jsessionid=1"), 400, "request");
    // why: the firewall checks parameter names when they are read, here inside Spring MVC
    assertProblem(
        client.rawGet(
            client.serviceToken(user("backend")), "/actuator/metrics/jvm.threads.live?%01=1"),
        400,
        "request");
  }

  @Test
  void answersAUrlTomcatCannotDecodeWithAProblem() {
    for (String path : new String[] {"/api/v1/rooms/%00", "/api/v1/rooms/%zz", "/%"}) {
      var response = assertProblem(client.rawGet(null, path), 400, "request");
      assertThat(response.text("instance")).isEqualTo(path);
    }
  }

  @Test
  void namesTheQueryParameterWhoseValueIsNotPercentEncodedUtf8() {
    String token = client.token(user("alice"));
    String history = "/api/v1/rooms/" + group(token, "t") + "/messages";
    assertInvalid(client.rawGet(token, history + "?before=%"), "before");
    assertInvalid(client.rawGet(token, history + "?limit=5&after=%C3%28"), "after");
    assertInvalid(client.rawGet(token, history + "?limit=%zz"), "limit");
    assertInvalid(
        client.rawGet(client.serviceToken(user("backend")), "/api/v1/rooms?userId=%FF"), "userId");
    assertInvalid(client.rawGet(null, "/actuator/health?probe=%%"), "probe");
  }

  @Test
  void answersAQueryStringThatCannotBeParsedWithARequestProblem() {
    String token = client.token(user("alice"));
    assertProblem(client.rawGet(token, "/api/v1/rooms?%%=1"), 400, "request");
    assertProblem(client.rawGet(token, "/api/v1/rooms?=1"), 400, "request");
    String tooMany =
        java.util.stream.IntStream.range(0, 1001)
            .mapToObj(i -> "p" + i + "=1")
            .collect(java.util.stream.Collectors.joining("&"));
    assertProblem(client.get(token, "/api/v1/rooms?" + tooMany), 400, "request");
  }

  @Test
  void answersFormAndMultipartBodiesWithProblems() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    String form = "application/x-www-form-urlencoded";
    assertProblem(withContentType("POST", token, "/api/v1/rooms", form, "a=%%"), 400, "request");
    assertProblem(withContentType("POST", token, "/api/v1/rooms", form, "%01=1"), 400, "request");
    assertProblem(withContentType("PUT", token, "/api/v1/rooms", form, "a=%%"), 405, "request");
    assertProblem(
        withContentType(
            "DELETE", token, "/api/v1/rooms/" + roomId + "/members/nobody", form, "a=%%"),
        404,
        "not_found");
    assertProblem(
        withContentType("POST", token, "/api/v1/rooms", "multipart/form-data", "--x"),
        415,
        "request");
  }

  @Test
  void refusesAContentTypeThatIsAPatternAsUnsupported() {
    String token = client.token(user("alice"));
    for (String pattern : new String[] {"application/*", "*/*", "application/*+json"}) {
      var response =
          withContentType("POST", token, "/api/v1/rooms", pattern, "{\"type\":\"GROUP\"}");
      assertProblem(response, 415, "request");
    }
    assertProblem(withContentType("GET", null, "/actuator/health", "*/*", ""), 415, "request");
  }

  @Test
  void answersErrorsTheContainerRaisesItselfWithProblems() {
    var trace = assertProblem(client.send("TRACE", null, "/api/v1/rooms", null), 405, "request");
    assertThat(trace.text("instance")).isEqualTo("/api/v1/rooms");
    assertProblem(client.get(null, "/error"), 404, "not_found");
  }

  @Test
  void treatsAnAcceptHeaderItCannotParseAsAbsent() {
    String token = client.token(user("alice"));
    var listed = withAccept(token, "/api/v1/rooms", "bogus");
    assertThat(listed.status()).isEqualTo(200);
    assertThat(listed.contentType()).startsWith("application/json");
    assertProblem(withAccept(token, "/api/v1/rooms/nope", "bogus"), 404, "not_found");
    assertInvalid(withAccept(token, "/api/v1/rooms?limit=0", "application/json;q=x"), "limit");
  }

  private ApiResponse withContentType(
      String method, String token, String path, String contentType, String body) {
    var request = client.request(path).header("Content-Type", contentType);
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    request.method(method, HttpRequest.BodyPublishers.ofString(body));
    return client.exchange(request.build(), method, path, body);
  }

  private ApiResponse withAccept(String token, String path, String accept) {
    var request =
        client
            .request(path)
            .header("Authorization", "Bearer " + token)
            .header("Accept", accept)
            .GET()
            .build();
    return client.exchange(request, "GET", path, null);
  }

  @Test
  void answersAnUnknownApiPathWithANotFoundProblem() {
    var response = client.get(client.token(user("alice")), "/api/v1/nothing-here");
    assertProblem(response, 404, "not_found");
    assertThat(response.text("detail")).isEqualTo("no such endpoint");
  }
}
