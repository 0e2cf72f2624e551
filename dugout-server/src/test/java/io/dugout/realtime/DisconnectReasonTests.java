package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.web.socket.CloseStatus;

class DisconnectReasonTests {

  @Test
  void aSessionTheServerDidNotCloseWasEndedByTheClient() {
    assertThat(DisconnectReason.of(null)).isEqualTo(DisconnectReason.CLIENT);
    assertThat(DisconnectReason.of(CloseStatus.NORMAL)).isEqualTo(DisconnectReason.CLIENT);
  }

  @Test
  void theServersOwnCloseStatusesNameTheirReason() {
    assertThat(DisconnectReason.of(ClientSession.SLOW)).isEqualTo(DisconnectReason.SLOW_CONSUMER);
    assertThat(DisconnectReason.of(SessionKeeper.SILENT))
        .isEqualTo(DisconnectReason.HEARTBEAT_TIMEOUT);
    assertThat(DisconnectReason.of(SessionKeeper.NO_CONNECT))
        .isEqualTo(DisconnectReason.NO_CONNECT);
    assertThat(DisconnectReason.of(CloseStatus.POLICY_VIOLATION))
        .isEqualTo(DisconnectReason.PROTOCOL_ERROR);
    assertThat(DisconnectReason.of(CloseStatus.POLICY_VIOLATION.withReason("token_expired")))
        .isEqualTo(DisconnectReason.TOKEN_EXPIRED);
    assertThat(DisconnectReason.of(CloseStatus.SESSION_NOT_RELIABLE))
        .isEqualTo(DisconnectReason.WRITE_FAILED);
    assertThat(DisconnectReason.of(CloseStatus.GOING_AWAY)).isEqualTo(DisconnectReason.SHUTDOWN);
    assertThat(DisconnectReason.of(CloseStatus.SERVER_ERROR))
        .isEqualTo(DisconnectReason.SERVER_ERROR);
  }
}
