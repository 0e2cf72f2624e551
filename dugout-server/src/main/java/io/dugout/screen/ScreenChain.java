package io.dugout.screen;

import io.dugout.message.MessageScreen;

/**
 * Two screens in order: the second sees what the first let through, with the first's replacement
 * (masked words) in place of the sender's content; a refusal by the first ends the screening.
 * Closing it closes both.
 */
record ScreenChain(MessageScreen first, MessageScreen second)
    implements MessageScreen, AutoCloseable {

  @Override
  public Verdict screen(Candidate candidate) {
    var verdict = first.screen(candidate);
    if (verdict.action() == Action.REFUSE) {
      return verdict;
    }
    boolean replaced = verdict.action() == Action.REPLACE;
    var then = second.screen(replaced ? candidate.withContent(verdict.content()) : candidate);
    return then.action() == Action.ALLOW && replaced ? verdict : then;
  }

  @Override
  public void close() throws Exception {
    for (MessageScreen screen : new MessageScreen[] {first, second}) {
      if (screen instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }

  @Override
  public boolean callsOut() {
    return first.callsOut() || second.callsOut();
  }
}
