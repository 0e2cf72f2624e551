package io.dugout.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.tomcat.util.buf.MessageBytes;
import org.apache.tomcat.util.http.Parameters;
import org.junit.jupiter.api.Test;

class PlainQueryTests {

  private static final List<String> NAMES = List.of("before", "after", "limit");

  @Test
  void readsPlainQueriesAsTomcatsOwnParameterParsingDoes() {
    for (String query :
        List.of(
            "before=5&limit=50",
            "limit=3",
            "after=0",
            "&&limit=3&",
            "xlimit=5&limitx=6&limit=7",
            "before=-3",
            "limit=007",
            "other=1&before=12")) {
      var tomcat = tomcat(query);
      for (String name : NAMES) {
        String[] values = tomcat.getParameterValues(name);
        Long expected = values == null ? null : Long.valueOf(values[0]);
        assertThat(new PlainQuery(query).number(name)).as(query + " " + name).isEqualTo(expected);
      }
    }
  }

  @Test
  void anAbsentQueryHasNoParameters() {
    assertThat(new PlainQuery(null).number("limit")).isNull();
    assertThat(new PlainQuery("").number("limit")).isNull();
  }

  @Test
  void aRepeatedParameterIsRefused() {
    assertThat(tomcat("limit=5&limit=5").getParameterValues("limit")).hasSize(2);
    assertThatThrownBy(() -> new PlainQuery("limit=5&before=9&limit=5").number("limit"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("limit given more than once");
  }

  @Test
  void aValueWithoutANameIsRefusedAsTomcatRefusesIt() {
    assertThatThrownBy(() -> tomcat("=4&limit=2")).isInstanceOf(RuntimeException.class);
    for (String query : List.of("=4&limit=2", "limit=2&=", "before=1&=&limit=2")) {
      assertThatThrownBy(() -> new PlainQuery(query).number("limit"))
          .as(query)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aValueThatIsNotANumberIsRefused() {
    for (String query :
        List.of("limit", "limit=", "limit=1.5", "limit=x", "limit=99999999999999999999")) {
      assertThatThrownBy(() -> new PlainQuery(query).number("limit"))
          .as(query)
          .isInstanceOf(NumberFormatException.class);
    }
    assertThat(tomcat("limit").getParameterValues("limit")).containsExactly("");
  }

  private static Parameters tomcat(String query) {
    var parameters = new Parameters();
    parameters.setCharset(StandardCharsets.UTF_8);
    var bytes = MessageBytes.newInstance();
    bytes.setString(query);
    parameters.setQuery(bytes);
    parameters.handleQueryParameters();
    return parameters;
  }
}
