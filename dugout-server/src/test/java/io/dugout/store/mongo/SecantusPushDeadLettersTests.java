package io.dugout.store.mongo;

import io.dugout.push.PushDeadLetters;
import io.dugout.push.PushDeadLettersContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link PushDeadLettersContract} on SecantusDB: a one-node replica set with majority concerns. One
 * server for the class, a fresh database per test.
 */
class SecantusPushDeadLettersTests extends PushDeadLettersContract {

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private MongoFixture fixture;

  @Override
  protected PushDeadLetters openEmpty() {
    fixture = new MongoFixture(secantus.uri());
    return new MongoPushDeadLetters(fixture.open());
  }

  @Override
  protected PushDeadLetters reopen() {
    return new MongoPushDeadLetters(fixture.reopen());
  }

  @Override
  protected void close() {
    fixture.close();
  }
}
