package io.dugout.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.api.ApiTest;
import io.dugout.message.PostMessage;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records come out of JSON through their constructor directly, the same values and the same errors
 * as through Jackson's own call, on the mappers Dugout builds and on the application's.
 */
class RecordCreatorsTests extends ApiTest {

  private static final JsonMapper PLAIN =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
  private static final JsonMapper LENIENT = RecordCreators.lenientMapper();

  @Autowired JsonMapper applicationMapper;

  /** A record that remembers whether its last creation came through {@link RecordCreators}. */
  record Probe(String name, int count, Instant at, List<String> tags) {
    static volatile boolean direct;

    Probe {
      if (count < 0) {
        throw new IllegalArgumentException("count must not be negative");
      }
      direct =
          Arrays.stream(new Throwable().getStackTrace())
              .anyMatch(
                  frame -> frame.getClassName().equals(RecordCreators.Direct.class.getName()));
    }
  }

  private static final String JSON =
      "{\"name\":\"ünï 🎉\",\"count\":\"7\",\"at\":\"2026-11-24T00:00:00Z\",\"tags\":[\"a\"],"
          + "\"later\":true}";

  @Test
  void theLenientMapperCreatesRecordsDirectlyWithJacksonsValues() {
    Probe direct = LENIENT.readValue(JSON, Probe.class);
    assertThat(Probe.direct).isTrue();
    Probe plain = PLAIN.readValue(JSON, Probe.class);
    assertThat(Probe.direct).isFalse();

    assertThat(direct)
        .isEqualTo(plain)
        .isEqualTo(new Probe("ünï 🎉", 7, Instant.parse("2026-11-24T00:00:00Z"), List.of("a")));
  }

  @Test
  void missingPropertiesAreNullAsWithJackson() {
    Probe direct = LENIENT.readValue("{\"count\":2}", Probe.class);
    assertThat(direct)
        .isEqualTo(PLAIN.readValue("{\"count\":2}", Probe.class))
        .isEqualTo(new Probe(null, 2, null, null));
  }

  @Test
  void aRecordThatRefusesItsArgumentsFailsAsThroughJackson() {
    String bad = "{\"name\":\"x\",\"count\":-1}";
    Throwable viaJackson = catchFailure(PLAIN, bad);
    Throwable direct = catchFailure(LENIENT, bad);

    assertThat(direct).isInstanceOf(viaJackson.getClass()).hasMessage(viaJackson.getMessage());
    assertThat(direct).hasRootCauseMessage("count must not be negative");
  }

  @Test
  void aValueOfTheWrongShapeFailsBeforeTheRecordIsCreated() {
    assertThatThrownBy(() -> LENIENT.readValue("{\"count\":[1]}", Probe.class))
        .isInstanceOf(JacksonException.class)
        .hasMessageContaining("count");
  }

  @Test
  void theApplicationMapperCreatesSendBodiesDirectlyAndStillRefusesUnknownProperties() {
    assertThat(applicationMapper.registeredModules())
        .hasAtLeastOneElementOfType(RecordCreators.class);
    Probe.direct = false;
    applicationMapper.readValue("{\"name\":\"x\",\"count\":1}", Probe.class);
    assertThat(Probe.direct).isTrue();

    assertThat(applicationMapper.readValue("{\"content\":\"hi\"}", PostMessage.class).content())
        .isEqualTo("hi");
    assertThatThrownBy(
            () -> applicationMapper.readValue("{\"content\":\"hi\",\"x\":1}", PostMessage.class))
        .isInstanceOf(JacksonException.class)
        .hasMessageContaining("\"x\"");
  }

  private static Throwable catchFailure(JsonMapper mapper, String json) {
    try {
      mapper.readValue(json, Probe.class);
    } catch (RuntimeException e) {
      return e;
    }
    throw new AssertionError("no failure for " + json);
  }
}
