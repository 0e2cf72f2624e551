package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.realtime.Destinations.Action;
import io.dugout.realtime.Destinations.AppDestination;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DestinationsTests {

  @Test
  void readsTheRoomAndActionOfAnApplicationDestination() {
    assertThat(Destinations.app("/app/rooms.r1.messages"))
        .isEqualTo(new AppDestination("r1", Action.MESSAGES));
    assertThat(Destinations.app("/app/rooms.r1.read"))
        .isEqualTo(new AppDestination("r1", Action.READ));
    assertThat(Destinations.app("/app/rooms.r1.typing"))
        .isEqualTo(new AppDestination("r1", Action.TYPING));
    assertThat(Destinations.app("/app/rooms.a.b.messages"))
        .as("the action is after the last dot")
        .isEqualTo(new AppDestination("a.b", Action.MESSAGES));
    assertThat(Destinations.app("/app/rooms.방.messages"))
        .isEqualTo(new AppDestination("방", Action.MESSAGES));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/app/rooms.",
        "/app/rooms..messages",
        "/app/rooms.r1",
        "/app/rooms.r1.",
        "/app/rooms.r1.message",
        "/app/rooms.r1.messagesx",
        "/app/rooms.r1.MESSAGES",
        "/app/room.r1.messages",
        "/topic/rooms.r1.messages",
        "/app/token"
      })
  void answersNullForAnythingElse(String destination) {
    assertThat(Destinations.app(destination)).isNull();
  }

  @Test
  void answersNullForNoDestination() {
    assertThat(Destinations.app(null)).isNull();
  }
}
