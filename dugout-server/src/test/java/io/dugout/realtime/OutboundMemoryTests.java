package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.adapter.standard.StandardWebSocketSession;

/**
 * The node's budget of outbound bytes: when many clients hold frames at once, the ones that do not
 * keep up are closed and the ones that do go on receiving; every byte a session counted leaves the
 * node's count when the session closes.
 */
class OutboundMemoryTests {

  private static final String FRAME = "x".repeat(200);

  private final AtomicLong slowConsumers = new AtomicLong();
  private final OutboundMemory memory = new OutboundMemory(1_000, 300);

  @Test
  void closesAClientThatHoldsABacklogOnceTheNodesBudgetIsSpentButNotOneThatKeepsUp() {
    var slow = queueOnly();
    var keepingUp = queueOnly();
    for (int i = 0; i < 4; i++) {
      assertThat(slow.send(new Outgoing.Text(FRAME))).isTrue();
    }
    assertThat(keepingUp.send(new Outgoing.Text(FRAME))).isTrue();
    assertThat(memory.queued()).isEqualTo(1_000);

    // why: over the node's budget now, but 250 bytes is within what a client that keeps up holds
    assertThat(keepingUp.send(new Outgoing.Text("y".repeat(50)))).isTrue();
    assertThat(keepingUp.isOpen()).isTrue();

    assertThat(slow.send(new Outgoing.Text(FRAME))).isFalse();
    assertThat(slow.closedWith()).isEqualTo(ClientSession.SLOW);
    assertThat(slowConsumers.get()).isEqualTo(1);
    assertThat(memory.queued()).isEqualTo(250);
  }

  @Test
  void aClientWithinItsOwnBudgetIsNotClosedWhileTheNodeHasRoom() {
    var session = queueOnly();
    for (int i = 0; i < 5; i++) {
      assertThat(session.send(new Outgoing.Text(FRAME))).isTrue();
    }
    assertThat(session.isOpen()).isTrue();
    assertThat(memory.queued()).isEqualTo(1_000);
  }

  @Test
  void aFrameRefusedByTheSessionsOwnBudgetNeverCountsForTheNode() {
    var limits =
        new ClientSession.Limits(
            2, 100_000, slowConsumers, Duration.ofSeconds(1), DeliveryMeter.NONE, memory);
    var session =
        new ClientSession(new StandardWebSocketSession(null, null, null, null), task -> {}, limits);
    assertThat(session.send(new Outgoing.Text(FRAME))).isTrue();
    assertThat(session.send(new Outgoing.Text(FRAME))).isTrue();
    assertThat(session.send(new Outgoing.Text(FRAME))).isFalse();
    assertThat(memory.queued()).isZero();
  }

  @Test
  void aRecountSetsTheNodesCountToTheSessionsOwn() {
    var session = queueOnly();
    session.send(new Outgoing.Text(FRAME));
    memory.add(12_345);
    memory.recount(session.queuedBytes());
    assertThat(memory.queued()).isEqualTo(200);
  }

  @Test
  void byDefaultTheBudgetIsHalfTheDirectMemoryTheJvmAllows() {
    assertThat(OutboundMemory.of(0).budget()).isEqualTo(OutboundMemory.maxDirectMemory() / 2);
    assertThat(OutboundMemory.maxDirectMemory()).isPositive();
    assertThat(OutboundMemory.of(1234).budget()).isEqualTo(1234);
  }

  private ClientSession queueOnly() {
    var limits =
        new ClientSession.Limits(
            1_000, 100_000, slowConsumers, Duration.ofSeconds(1), DeliveryMeter.NONE, memory);
    return new ClientSession(
        new StandardWebSocketSession(null, null, null, null), task -> {}, limits);
  }
}
