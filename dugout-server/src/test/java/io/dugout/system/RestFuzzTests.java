package io.dugout.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import io.dugout.api.RawHttp;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Throws malformed input at every REST route of {@code docs/protocol.md}, one defect per request (a
 * path or query value, a query string's shape, one body field, the whole body, the content type,
 * the Accept header or the method), and holds every answer to the API's error contract: never a
 * 5xx, every 4xx a problem document with a {@code code}, a bad query value named in {@code field};
 * and the server works normally afterwards.
 *
 * <p>Seeded and bounded: the seed is printed, and {@code -Ddugout.fuzz.seed=N} replays a run;
 * {@code dugout.fuzz.requests} and {@code dugout.fuzz.seconds} bound it.
 */
class RestFuzzTests extends ApiTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String MARK = "@@fuzz@@";
  private static final List<String> LEAKS =
      List.of("internal error", "Exception", "\tat ", "java.", "io.dugout.", "springframework");

  private enum Defect {
    PATH,
    QUERY_VALUE,
    QUERY_SHAPE,
    BODY_FIELD,
    BODY,
    CONTENT_TYPE,
    ACCEPT,
    METHOD
  }

  private enum Who {
    USER,
    SERVICE,
    NOBODY
  }

  /** A documented route with valid values for everything a request to it carries. */
  private record Route(
      String method,
      String path,
      Map<String, String> pathValues,
      List<String> queryNames,
      String body,
      boolean anonymous) {

    List<Defect> defects() {
      var defects =
          new ArrayList<>(
              List.of(Defect.QUERY_SHAPE, Defect.ACCEPT, Defect.METHOD, Defect.CONTENT_TYPE));
      if (!pathValues.isEmpty()) {
        defects.add(Defect.PATH);
      }
      if (!queryNames.isEmpty()) {
        defects.add(Defect.QUERY_VALUE);
      }
      if (body != null) {
        defects.addAll(List.of(Defect.BODY_FIELD, Defect.BODY));
      }
      return defects;
    }
  }

  /** One request as sent, and the query parameter a 400 must name, if any. */
  private record Sent(
      Route route,
      Defect defect,
      String method,
      String target,
      Map<String, String> headers,
      byte[] body,
      String namedParameter) {

    @Override
    public String toString() {
      String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
      var shown = new LinkedHashMap<>(headers);
      shown.computeIfPresent("Authorization", (name, value) -> "…");
      return method + " " + abbreviate(target) + " " + shown + " " + abbreviate(text);
    }
  }

  @Test
  void answersMalformedRequestsOnEveryRouteWithProblemsAndKeepsWorking() {
    long seed = Long.getLong("dugout.fuzz.seed", new SecureRandom().nextLong());
    int maxRequests = Integer.getInteger("dugout.fuzz.requests", 1500);
    long deadline = System.nanoTime() + Long.getLong("dugout.fuzz.seconds", 20L) * 1_000_000_000L;
    System.out.printf("RestFuzzTests seed %d (replay: -Ddugout.fuzz.seed=%d)%n", seed, seed);
    var random = new Random(seed);

    String alice = user("alice");
    String bob = user("bob");
    Map<Who, String> tokens = new LinkedHashMap<>();
    tokens.put(Who.USER, client.token(alice));
    tokens.put(Who.SERVICE, client.serviceToken(user("backend")));
    String roomId = group(tokens.get(Who.USER), "fuzz", bob);
    say(tokens.get(Who.USER), roomId, "c-0", "hello");
    List<Route> routes = routes(roomId, alice, bob);

    var raw = new RawHttp(port);
    var failures = new TreeMap<String, String>();
    var statuses = new TreeMap<Integer, Integer>();
    int sent = 0;
    long started = System.nanoTime();
    while (sent < maxRequests && System.nanoTime() < deadline) {
      Route route = MalformedInputs.pick(random, routes);
      Who who = route.anonymous() ? Who.NOBODY : MalformedInputs.pick(random, whoWeights());
      Sent request = malform(route, random, tokens.get(who));
      var response =
          raw.send(request.method(), request.target(), request.headers(), request.body());
      sent++;
      statuses.merge(response.status(), 1, Integer::sum);
      String broken = brokenContract(request, response);
      if (broken != null) {
        failures.putIfAbsent(
            route.method() + " " + route.path() + " " + request.defect() + ": " + broken,
            request + " → " + response.status() + " " + abbreviate(response.body()));
      }
    }
    System.out.printf(
        "RestFuzzTests sent %d requests in %d ms; statuses %s%n",
        sent, (System.nanoTime() - started) / 1_000_000, statuses);

    assertThat(failures)
        .withFailMessage(
            () ->
                "%d kinds of contract breach (seed %d; replay: -Ddugout.fuzz.seed=%d):%n%s"
                    .formatted(failures.size(), seed, seed, report(failures)))
        .isEmpty();
    assertThat(sent).as("requests sent").isGreaterThan(100);
    assertThat(say(tokens.get(Who.USER), roomId, "c-after", "still here").status()).isEqualTo(201);
    assertThat(client.get(tokens.get(Who.USER), "/api/v1/rooms?limit=5").status()).isEqualTo(200);
    assertThat(client.token(user("carol"))).isNotBlank();
  }

  private static String report(Map<String, String> failures) {
    var report = new StringBuilder();
    failures.forEach(
        (kind, example) ->
            report.append("- ").append(kind).append("\n    e.g. ").append(example).append('\n'));
    return report.toString();
  }

  private static List<Who> whoWeights() {
    return List.of(Who.USER, Who.USER, Who.USER, Who.SERVICE, Who.SERVICE, Who.SERVICE, Who.NOBODY);
  }

  /** Every route of docs/protocol.md, with a valid request for each, as a member would send. */
  private static List<Route> routes(String roomId, String alice, String bob) {
    String dave = "dave-" + roomId.substring(0, 8);
    var room = Map.of("roomId", roomId);
    var member = Map.of("roomId", roomId, "userId", dave);
    var message = Map.of("roomId", roomId, "seq", "1");
    var reaction = Map.of("roomId", roomId, "seq", "1", "emoji", "%F0%9F%91%8D");
    String trade = "{\"itemId\":\"glove-42\",\"sellerId\":\"s-1\"}";
    String image =
        "{\"url\":\"https://cdn.example/1.png\",\"name\":\"1.png\",\"size\":48213,"
            + "\"mime\":\"image/png\"}";
    return List.of(
        anonymous("POST", "/api/v1/dev/token", "{\"userId\":\"fuzz-user\"}"),
        anonymous(
            "POST", "/api/v1/dev/token", "{\"userId\":\"fuzz-svc\",\"scope\":\"dugout:service\"}"),
        post(
            "/api/v1/rooms",
            Map.of(),
            "{\"type\":\"GROUP\",\"title\":\"t\",\"memberIds\":[\"" + bob + "\"]}"),
        post(
            "/api/v1/rooms",
            Map.of(),
            "{\"type\":\"TRADE\",\"memberIds\":[\"s-1\"],\"trade\":" + trade + "}"),
        get("/api/v1/rooms", Map.of(), "limit", "cursor", "userId"),
        get("/api/v1/rooms/{roomId}", room),
        post("/api/v1/rooms/{roomId}/enter", room, null),
        post("/api/v1/rooms/{roomId}/members", room, "{\"userId\":\"" + dave + "\"}"),
        new Route(
            "DELETE", "/api/v1/rooms/{roomId}/members/{userId}", member, List.of(), null, false),
        post("/api/v1/rooms/{roomId}/read", room, "{\"seq\":1}"),
        post("/api/v1/rooms/{roomId}/read", room, "{\"seq\":1,\"userId\":\"" + alice + "\"}"),
        post(
            "/api/v1/rooms/{roomId}/messages",
            room,
            "{\"clientMsgId\":\"c-1\",\"kind\":\"TEXT\",\"content\":\"hi\",\"attachments\":[]}"),
        post(
            "/api/v1/rooms/{roomId}/messages",
            room,
            "{\"clientMsgId\":\"c-2\",\"kind\":\"IMAGE\",\"content\":\"\",\"senderId\":\""
                + alice
                + "\",\"attachments\":["
                + image
                + "]}"),
        get("/api/v1/rooms/{roomId}/messages", room, "limit", "before", "after"),
        post(
            "/api/v1/rooms/{roomId}/messages",
            room,
            "{\"clientMsgId\":\"c-3\",\"kind\":\"TEXT\",\"content\":\"yes\",\"replyTo\":1,"
                + "\"mentions\":[\""
                + bob
                + "\"]}"),
        new Route(
            "PATCH",
            "/api/v1/rooms/{roomId}/messages/{seq}",
            message,
            List.of(),
            "{\"clientMsgId\":\"e-1\",\"content\":\"hello!\"}",
            false),
        new Route(
            "DELETE",
            "/api/v1/rooms/{roomId}/messages/{seq}",
            message,
            List.of("clientMsgId"),
            null,
            false),
        new Route(
            "PUT",
            "/api/v1/rooms/{roomId}/messages/{seq}/reactions/{emoji}",
            reaction,
            List.of("clientMsgId"),
            null,
            false),
        new Route(
            "DELETE",
            "/api/v1/rooms/{roomId}/messages/{seq}/reactions/{emoji}",
            reaction,
            List.of("clientMsgId"),
            null,
            false),
        anonymous("GET", "/actuator/health", null),
        // why: not {name}: an unknown metric is a 404 with no body, the actuator's own answer
        get("/actuator/metrics/jvm.threads.live", Map.of()));
  }

  private static Route get(String path, Map<String, String> pathValues, String... queryNames) {
    return new Route("GET", path, pathValues, List.of(queryNames), null, false);
  }

  private static Route post(String path, Map<String, String> pathValues, String body) {
    return new Route("POST", path, pathValues, List.of(), body, false);
  }

  private static Route anonymous(String method, String path, String body) {
    return new Route(method, path, Map.of(), List.of(), body, true);
  }

  /** A request to {@code route} that is valid but for one defect. */
  private static Sent malform(Route route, Random random, String token) {
    Defect defect = MalformedInputs.pick(random, route.defects());
    String method = defect == Defect.METHOD ? MalformedInputs.method(random) : route.method();
    var headers = new LinkedHashMap<String, String>();
    if (token != null) {
      headers.put("Authorization", "Bearer " + token);
    }
    if (defect == Defect.ACCEPT) {
      headers.put("Accept", MalformedInputs.accept(random));
    }

    var path = new LinkedHashMap<>(route.pathValues());
    if (defect == Defect.PATH) {
      // why: sorted, because Map.of iterates in an order that changes from run to run
      var names = path.keySet().stream().sorted().toList();
      path.put(MalformedInputs.pick(random, names), urlPart(random));
    }
    String target = route.path();
    for (var entry : path.entrySet()) {
      target = target.replace("{" + entry.getKey() + "}", entry.getValue());
    }

    // why: only limit is set by default, so that a 400 can only be about the parameter at fault
    var query = new ArrayList<String>();
    if (route.queryNames().contains("limit")) {
      query.add("limit=10");
    }
    String named = null;
    if (defect == Defect.QUERY_VALUE) {
      named = MalformedInputs.pick(random, route.queryNames());
      String name = named;
      query.removeIf(p -> p.startsWith(name + "="));
      query.add(named + "=" + urlPart(random));
    } else if (defect == Defect.QUERY_SHAPE) {
      query.addAll(oddQuery(random));
    }
    if (!query.isEmpty()) {
      target += "?" + String.join("&", query);
    }

    byte[] body = null;
    if (route.body() != null || defect == Defect.BODY || defect == Defect.CONTENT_TYPE) {
      String valid = route.body() == null ? "{}" : route.body();
      body =
          switch (defect) {
            case BODY -> MalformedInputs.body(random, valid);
            case BODY_FIELD -> MalformedInputs.utf8(malformField(valid, random));
            default -> MalformedInputs.utf8(valid);
          };
      headers.put(
          "Content-Type",
          defect == Defect.CONTENT_TYPE ? MalformedInputs.contentType(random) : "application/json");
    }
    return new Sent(route, defect, method, target, headers, body, named);
  }

  private static String urlPart(Random random) {
    return MalformedInputs.urlPart(random);
  }

  private static List<String> oddQuery(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> List.of(urlPart(random) + "=1");
      case 1 -> List.of("zz=" + urlPart(random));
      case 2 -> List.of("", "=", "&", "limit");
      case 3 -> List.of("limit=5", "limit=" + urlPart(random));
      case 4 -> IntStream.range(0, 1001).mapToObj(i -> "p" + i + "=1").toList();
      default -> List.of(urlPart(random));
    };
  }

  /**
   * The valid body with one field (at any depth) replaced by a malformed value, removed, repeated
   * with a malformed value, or joined by an unknown one.
   */
  private static String malformField(String valid, Random random) {
    var tree = (ObjectNode) JSON.readTree(valid);
    var slots = new ArrayList<Consumer<JsonNode>>();
    collectSlots(tree, slots);
    var slot = MalformedInputs.pick(random, slots);
    String value = MalformedInputs.jsonValue(random);
    return switch (random.nextInt(5)) {
      case 0 -> {
        tree.put("zz", MARK);
        yield JSON.writeValueAsString(tree).replace(quoted(MARK), value);
      }
      case 1 -> {
        var name = MalformedInputs.pick(random, List.copyOf(tree.propertyNames()));
        String original = JSON.writeValueAsString(tree.get(name));
        tree.put(name, MARK);
        String duplicate = quoted(name) + ":" + original + "," + quoted(name) + ":" + value;
        yield JSON.writeValueAsString(tree).replace(quoted(name) + ":" + quoted(MARK), duplicate);
      }
      case 2 -> {
        tree.remove(MalformedInputs.pick(random, List.copyOf(tree.propertyNames())));
        yield JSON.writeValueAsString(tree);
      }
      default -> {
        slot.accept(JsonNodeFactory.instance.stringNode(MARK));
        yield JSON.writeValueAsString(tree).replace(quoted(MARK), value);
      }
    };
  }

  /** Every place in {@code node} a value can be put: each field and each array element. */
  private static void collectSlots(JsonNode node, List<Consumer<JsonNode>> slots) {
    if (node instanceof ObjectNode object) {
      for (String name : List.copyOf(object.propertyNames())) {
        slots.add(value -> object.set(name, value));
        collectSlots(object.get(name), slots);
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        int index = i;
        slots.add(value -> array.set(index, value));
        collectSlots(array.get(i), slots);
      }
    }
  }

  private static String quoted(String s) {
    return JSON.writeValueAsString(s);
  }

  /** What is wrong with {@code response} under the API's error contract; null when nothing. */
  private static String brokenContract(Sent request, ApiResponse response) {
    int status = response.status();
    if (status >= 500) {
      return "answered " + status;
    }
    for (String leak : LEAKS) {
      if (response.body().contains(leak)) {
        return "a " + status + " body shows " + leak.strip();
      }
    }
    if (status < 400) {
      return null;
    }
    if (!response.contentType().startsWith("application/problem+json")) {
      return "a " + status + " is " + response.contentType() + ", not a problem";
    }
    JsonNode problem;
    try {
      problem = JSON.readTree(response.body());
    } catch (RuntimeException e) {
      return "a " + status + " problem is not JSON";
    }
    String code = problem.path("code").asString("");
    if (code.isEmpty() || problem.path("status").asInt() != status) {
      return "a " + status + " problem lacks its code or status";
    }
    if (!problem.path("type").asString("").equals("urn:dugout:problem:" + code)) {
      return "a " + status + " problem's type does not match its code";
    }
    String field = problem.path("field").asString(null);
    if (request.namedParameter() != null
        && code.equals("validation")
        && !request.namedParameter().equals(field)) {
      return "a 400 names " + field + ", not the parameter " + request.namedParameter();
    }
    return null;
  }

  private static String abbreviate(String s) {
    String flat = s.replace("\r", "\\r").replace("\n", "\\n");
    return flat.length() <= 160 ? flat : flat.substring(0, 160) + "…(" + flat.length() + ")";
  }
}
