package io.dugout.moderation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SlowModeGate} must do. Intervals are long (a minute) where a test needs a
 * second call inside one, and short only where a test waits for one to end.
 */
public abstract class SlowModeGateContract {

  protected abstract SlowModeGate gate();

  /** Lets {@code millis} pass for the gate (a real sleep, or a test clock). */
  protected abstract void pass(long millis) throws InterruptedException;

  /** A room no other test uses: a real Redis is shared by the test JVM. */
  private static String room() {
    return "r-" + UUID.randomUUID();
  }

  @Test
  void letsTheFirstSendPassAndRefusesTheNextWithinTheInterval() {
    String room = room();
    assertThat(gate().tryPass(room, "bob", 60_000)).isZero();

    long wait = gate().tryPass(room, "bob", 60_000);

    assertThat(wait).isBetween(1L, 60_000L);
  }

  @Test
  void keepsEachMembersAndEachRoomsIntervalApart() {
    String room = room();
    String other = room();
    assertThat(gate().tryPass(room, "bob", 60_000)).isZero();

    assertThat(gate().tryPass(room, "carol", 60_000)).isZero();
    assertThat(gate().tryPass(other, "bob", 60_000)).isZero();
  }

  @Test
  void letsTheMemberSendAgainOnceTheIntervalHasEnded() throws InterruptedException {
    String room = room();
    assertThat(gate().tryPass(room, "bob", 200)).isZero();

    pass(400);

    assertThat(gate().tryPass(room, "bob", 200)).isZero();
  }

  @Test
  void letsExactlyOneOfConcurrentSendsPass() throws Exception {
    String room = room();
    var pool = Executors.newFixedThreadPool(8);
    try {
      var tasks = new ArrayList<Callable<Long>>();
      for (int i = 0; i < 16; i++) {
        tasks.add(() -> gate().tryPass(room, "bob", 60_000));
      }
      List<Long> waits = new ArrayList<>();
      for (var f : pool.invokeAll(tasks, 10, TimeUnit.SECONDS)) {
        waits.add(f.get());
      }
      assertThat(waits).filteredOn(w -> w == 0).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
  }
}
