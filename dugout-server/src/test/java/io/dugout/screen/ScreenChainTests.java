package io.dugout.screen;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.MessageKind;
import io.dugout.message.MessageScreen;
import io.dugout.message.MessageScreen.Action;
import io.dugout.message.MessageScreen.Candidate;
import io.dugout.message.MessageScreen.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The word filter first, then the hook: what the second screen sees and what wins. */
class ScreenChainTests {

  private final List<String> seenBySecond = new ArrayList<>();

  @Test
  void theSecondSeesTheFirstsReplacementAndItsAllowKeepsIt() {
    var chain = new ScreenChain(c -> Verdict.replace("****"), recording(Verdict.ALLOW));

    var verdict = chain.screen(candidate("scam"));

    assertThat(seenBySecond).containsExactly("****");
    assertThat(verdict.action()).isEqualTo(Action.REPLACE);
    assertThat(verdict.content()).isEqualTo("****");
  }

  @Test
  void aRefusalByTheFirstIsFinalAndTheSecondIsNotAsked() {
    var chain = new ScreenChain(c -> Verdict.refuse("no"), recording(Verdict.ALLOW));

    assertThat(chain.screen(candidate("scam")).reason()).isEqualTo("no");
    assertThat(seenBySecond).isEmpty();
  }

  @Test
  void theSecondsOwnAnswerWinsOverTheFirstsReplacement() {
    var chain =
        new ScreenChain(c -> Verdict.replace("****"), recording(Verdict.replace("[removed]")));

    assertThat(chain.screen(candidate("scam")).content()).isEqualTo("[removed]");
    assertThat(
            new ScreenChain(c -> Verdict.ALLOW, recording(Verdict.refuse("x")))
                .screen(candidate("a"))
                .action())
        .isEqualTo(Action.REFUSE);
  }

  private MessageScreen recording(Verdict answer) {
    return new MessageScreen() {
      @Override
      public Verdict screen(Candidate candidate) {
        seenBySecond.add(candidate.content());
        return answer;
      }

      @Override
      public boolean callsOut() {
        return true;
      }
    };
  }

  private static Candidate candidate(String content) {
    return new Candidate(
        "room", "alice", MessageKind.TEXT, content, List.of(), List.of(), null, "c1", 0);
  }
}
