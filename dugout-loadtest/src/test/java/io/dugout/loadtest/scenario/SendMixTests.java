package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.stomp.EntryType;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What a user of a mixed live load sends, against a model of what the server holds. */
class SendMixTests {

  @Test
  void withoutSharesEverySendIsAMessage() {
    var mix = new SendMix(SendMix.Shares.NONE, new SplittableRandom(1));
    mix.seen(EntryType.MESSAGE, 1, true, 0);

    for (long counter = 1; counter < 100; counter++) {
      assertThat(mix.next(counter)).isSameAs(SendMix.MESSAGE);
    }
  }

  @Test
  void editsOnlyMessagesOfItsOwnThatWereDelivered() {
    var mix = new SendMix(new SendMix.Shares(1, 0), new SplittableRandom(1));
    assertThat(mix.next(0)).as("nothing of its own yet").isSameAs(SendMix.MESSAGE);

    mix.seen(EntryType.MESSAGE, 4, false, 0);
    mix.seen(EntryType.MESSAGE, 5, true, 0);
    mix.seen(EntryType.MESSAGE, 6, false, 0);

    for (long counter = 1; counter < 50; counter++) {
      assertThat(mix.next(counter)).isEqualTo(new SendMix.Choice(EntryType.EDITED, 5, null));
    }
  }

  @Test
  void neverAddsAReactionItHasUnderWayAndRemovesOnlyWhatWasDelivered() {
    var mix = new SendMix(new SendMix.Shares(0, 1), new SplittableRandom(3));
    mix.seen(EntryType.MESSAGE, 9, false, 0);

    Set<String> added = new HashSet<>();
    String[] emoji = new String[SendMix.EMOJI.length];
    for (int counter = 0; counter < SendMix.EMOJI.length; counter++) {
      SendMix.Choice choice = mix.next(counter);
      assertThat(choice.type()).isEqualTo(EntryType.REACTION_ADDED);
      assertThat(added.add(choice.seq() + choice.emoji())).as("a new pair each time").isTrue();
      emoji[counter] = choice.emoji();
    }
    assertThat(mix.next(100))
        .as("every emoji on the one message is under way, and nothing is held to remove")
        .isSameAs(SendMix.MESSAGE);

    mix.seen(EntryType.REACTION_ADDED, 20, true, 2);
    assertThat(mix.held()).isOne();
    SendMix.Choice removal = mix.next(101);
    assertThat(removal.type()).isEqualTo(EntryType.REACTION_REMOVED);
    assertThat(removal.seq()).isEqualTo(9);
    assertThat(mix.held()).as("given up as soon as its removal is sent").isZero();

    mix.refused(101);
    assertThat(mix.held()).as("a refused removal leaves the reaction in place").isOne();
    mix.refused(3);
    SendMix.Choice next = mix.next(102);
    if (next.type() == EntryType.REACTION_ADDED) {
      assertThat(next.emoji()).as("the one emoji a refused add freed").isEqualTo(emoji[3]);
    } else {
      assertThat(next).isEqualTo(removal);
    }
  }

  /**
   * A long mixed run with the server in the loop: sends reach it in order after a random delay,
   * some are refused, other users post too. Every change the mix picks must change what the server
   * holds, since one that changes nothing adds no entry and its deliveries would count as lost.
   */
  @Test
  void everyChangeItPicksAddsAnEntry() {
    var random = new SplittableRandom(42);
    var mix = new SendMix(new SendMix.Shares(0.2, 0.6), new SplittableRandom(7));
    Set<String> reactions = new HashSet<>();
    Set<Long> own = new HashSet<>();
    Queue<Sent> inFlight = new ArrayDeque<>();
    Map<EntryType, Integer> entries = new EnumMap<>(EntryType.class);
    long seq = 0;
    for (long counter = 0; counter < 20_000; counter++) {
      if (random.nextInt(4) == 0) {
        mix.seen(EntryType.MESSAGE, ++seq, false, 0);
      }
      inFlight.add(new Sent(counter, mix.next(counter)));
      assertThat(mix.held()).isLessThanOrEqualTo(SendMix.MAX_HELD);
      while (!inFlight.isEmpty() && random.nextInt(3) > 0) {
        Sent sent = inFlight.remove();
        if (random.nextInt(20) == 0) {
          mix.refused(sent.counter());
          continue;
        }
        SendMix.Choice choice = sent.choice();
        String reaction = choice.seq() + choice.emoji();
        switch (choice.type()) {
          case MESSAGE -> own.add(seq + 1);
          case EDITED -> assertThat(own).as("edits its own messages").contains(choice.seq());
          case REACTION_ADDED ->
              assertThat(reactions.add(reaction)).as("adds a reaction it has not").isTrue();
          case REACTION_REMOVED ->
              assertThat(reactions.remove(reaction)).as("removes a reaction it has").isTrue();
          default -> throw new AssertionError(choice);
        }
        entries.merge(choice.type(), 1, Integer::sum);
        mix.seen(choice.type(), ++seq, true, sent.counter());
      }
    }
    assertThat(entries.get(EntryType.EDITED)).isGreaterThan(2_000);
    assertThat(entries.get(EntryType.REACTION_ADDED)).isGreaterThan(2_000);
    assertThat(entries.get(EntryType.REACTION_REMOVED)).isGreaterThan(2_000);
  }

  private record Sent(long counter, SendMix.Choice choice) {}
}
