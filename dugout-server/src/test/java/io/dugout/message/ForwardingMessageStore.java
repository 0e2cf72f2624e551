package io.dugout.message;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A {@link MessageStore} that hands each of the port's own operations to another store, for tests
 * that watch or break some of them: a subclass overrides those. The port's default methods are not
 * forwarded, so they run over this store's operations ({@code writeInOrder} calls {@link #write}).
 */
public class ForwardingMessageStore implements MessageStore {

  protected final MessageStore store;

  public ForwardingMessageStore(MessageStore store) {
    this.store = store;
  }

  @Override
  public Written write(Message message) {
    return store.write(message);
  }

  @Override
  public boolean holdsRetryKey(String roomId, String senderId, String clientMsgId) {
    return store.holdsRetryKey(roomId, senderId, clientMsgId);
  }

  @Override
  public List<Message> retryHolders(Collection<RetryKey> keys) {
    return store.retryHolders(keys);
  }

  @Override
  public long lastSeq(String roomId) {
    return store.lastSeq(roomId);
  }

  @Override
  public Map<String, Long> lastSeqs(Collection<String> roomIds) {
    return store.lastSeqs(roomIds);
  }

  @Override
  public Head head(String roomId) {
    return store.head(roomId);
  }

  @Override
  public List<Message> before(String roomId, long beforeSeq, int limit) {
    return store.before(roomId, beforeSeq, limit);
  }

  @Override
  public List<Message> after(String roomId, long afterSeq, int limit) {
    return store.after(roomId, afterSeq, limit);
  }
}
