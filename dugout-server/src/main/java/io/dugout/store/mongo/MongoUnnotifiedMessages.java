package io.dugout.store.mongo;

import io.dugout.message.UnnotifiedMessages;
import java.util.Collection;
import java.util.List;

/**
 * {@link UnnotifiedMessages} that keeps nothing. why: the partition owner stores a batch of
 * messages with one {@code insertMany}; a mark per message in another collection, or a field that a
 * later update clears, would be a second write that a crash can separate from the first, and the
 * notification step runs on the node that posted, not on the owner. So in a cluster a node killed
 * mid-way loses the chat notifications it had not yet made (docs/push.md).
 */
final class MongoUnnotifiedMessages implements UnnotifiedMessages {

  @Override
  public boolean kept() {
    return false;
  }

  @Override
  public List<Mark> oldest(int max) {
    return List.of();
  }

  @Override
  public void remove(Collection<Mark> marks) {}
}
