package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/asyncapi.yaml} names every STOMP destination the server handles, and the server
 * handles every destination it names, so the two cannot drift apart silently.
 */
class DestinationsDocTests {

  private static final Path ASYNCAPI =
      Path.of("..", "docs", "asyncapi.yaml").toAbsolutePath().normalize();
  private static final Pattern ADDRESS = Pattern.compile("(?m)^\\s+address:\\s*(\\S+)\\s*$");

  @Test
  void namesEveryDestinationTheServerHandles() throws IOException {
    var handled = new ArrayList<String>();
    handled.add(Destinations.topic("{roomId}"));
    handled.addAll(
        List.of(
            Destinations.ERRORS,
            Destinations.ROOMS,
            Destinations.NOTIFICATIONS,
            Destinations.TOKEN));
    for (var action : Destinations.Action.values()) {
      handled.add(Destinations.APP_ROOMS + "{roomId}." + action.path());
    }

    assertThat(addresses()).containsExactlyInAnyOrderElementsOf(handled);
  }

  @Test
  void namesADestinationForEveryPrefixTheServerKnows() throws Exception {
    var addresses = addresses();
    var constants =
        Arrays.stream(Destinations.class.getDeclaredFields())
            .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == String.class)
            .toList();

    assertThat(constants).isNotEmpty();
    for (var constant : constants) {
      constant.setAccessible(true);
      String value = (String) constant.get(null);
      assertThat(addresses)
          .as("a destination starting with %s (Destinations.%s)", value, constant.getName())
          .anyMatch(address -> address.startsWith(value));
    }
  }

  @Test
  void everyDestinationItNamesIsOneTheServerHandles() throws IOException {
    for (String address : addresses()) {
      String destination = address.replace("{roomId}", "r-1");
      boolean handled =
          Destinations.userQueue(destination)
              || destination.equals(Destinations.TOKEN)
              || "r-1".equals(Destinations.topicRoom(destination))
              || Destinations.app(destination) != null;

      assertThat(handled).as("the server handles %s", address).isTrue();
    }
  }

  private static List<String> addresses() throws IOException {
    var matcher = ADDRESS.matcher(Files.readString(ASYNCAPI));
    var addresses = new ArrayList<String>();
    while (matcher.find()) {
      addresses.add(matcher.group(1));
    }
    return addresses;
  }
}
