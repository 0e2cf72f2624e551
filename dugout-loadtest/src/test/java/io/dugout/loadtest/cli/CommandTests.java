package io.dugout.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandTests {

  private final Command command =
      new Command(
          "chat",
          "s",
          "d",
          List.of(
              OptionSpec.value("users", "N", "1000", "users"),
              OptionSpec.value("duration", "TIME", "30s", "how long"),
              OptionSpec.flag("closed-loop", "closed")));

  @Test
  void appliesDefaultsForOptionsNotGiven() {
    Options options = command.parse(new String[0]);

    assertThat(options.integer("users")).isEqualTo(1000);
    assertThat(options.duration("duration")).isEqualTo(Duration.ofSeconds(30));
    assertThat(options.flag("closed-loop")).isFalse();
  }

  @Test
  void acceptsSpaceAndEqualsFormsAndFlags() {
    Options options =
        command.parse(new String[] {"--users", "50", "--duration=500ms", "--closed-loop"});

    assertThat(options.integer("users")).isEqualTo(50);
    assertThat(options.duration("duration")).isEqualTo(Duration.ofMillis(500));
    assertThat(options.flag("closed-loop")).isTrue();
  }

  @Test
  void rejectsUnknownOptionsMissingValuesAndBadNumbers() {
    assertThatThrownBy(() -> command.parse(new String[] {"--user", "5"}))
        .hasMessageContaining("unknown option --user");
    assertThatThrownBy(() -> command.parse(new String[] {"--users"}))
        .hasMessageContaining("needs a value");
    assertThatThrownBy(() -> command.parse(new String[] {"--users", "many"}).integer("users"))
        .hasMessageContaining("whole number");
    assertThatThrownBy(
            () -> command.parse(new String[] {"--duration", "soon"}).duration("duration"))
        .hasMessageContaining("duration");
  }
}
