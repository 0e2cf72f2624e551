package io.dugout.cluster.kafka;

import io.dugout.message.Fanout;
import io.dugout.message.MessageStore;
import io.dugout.message.NewMessage;

/**
 * Writes a new message of this node's own users (not a change: edits, deletes and reactions go
 * through Kafka) to a room whose partition this node sequences, without the round trip through
 * Kafka that a send to another node's room takes (ADR 0017): under the partition's lock, at the
 * room's next seq, as {@link PartitionOwner} writes a record; then published to the room's other
 * nodes.
 *
 * <p>The guarantees are the store's, as for a record: the message is durable (write concern
 * majority) before anyone sees it or its sender is answered; a resend finds its retry key; a write
 * that meets a seq taken by another writer re-reads the room's head. After a few such collisions,
 * or when the partition is not this node's, it answers null and the send goes through Kafka.
 */
final class OwnerWrites {

  /** Attempts after a {@code SEQ_TAKEN} before the send goes through Kafka instead. */
  private static final int ATTEMPTS = 3;

  private final OwnedPartitions owned;
  private final MessageStore store;
  private final Fanout fanout;
  private final RoomFeeds feeds;

  OwnerWrites(OwnedPartitions owned, MessageStore store, Fanout fanout, RoomFeeds feeds) {
    this.owned = owned;
    this.store = store;
    this.fanout = fanout;
    this.feeds = feeds;
  }

  /**
   * Sequences and stores the send when this node owns the room's partition now, and tells this
   * node's and the room's other nodes' subscribers; null when it does not (or another writer kept
   * taking the room's seqs), and nothing was stored.
   */
  MessageStore.Appended append(String roomId, NewMessage draft) {
    if (draft.isChangeEntry()) {
      // why: on MongoDB a change's effect is a write after its entry's; a crash between them is
      // completed by the next owner replaying the Kafka record (ADR 15), which a direct write
      // would not leave
      return null;
    }
    var partition = owned.directly(roomId);
    if (partition == null) {
      return null;
    }
    partition.lock();
    try {
      if (!partition.owned()) {
        return null; // why: the partition left this node while this send waited for it
      }
      var heads = partition.heads();
      for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
        var head = heads.get(roomId);
        if (head == null) {
          head = store.head(roomId);
          heads.put(roomId, head);
        }
        var at = head.next(draft);
        MessageStore.Written written;
        try {
          written = store.write(draft.withSeq(roomId, at.seq(), at.ordinal()));
        } catch (RuntimeException e) {
          // why: the write may have stored the message after all; learn the head again
          heads.remove(roomId);
          throw e;
        }
        switch (written.outcome()) {
          case CREATED -> {
            heads.put(roomId, at);
            feeds.offer(written.message());
            fanout.publish(written.message());
            return new MessageStore.Appended(written.message(), true);
          }
          case RETRY -> {
            return new MessageStore.Appended(written.message(), false);
          }
          case SEQ_TAKEN -> heads.put(roomId, store.head(roomId));
        }
      }
      return null;
    } finally {
      partition.unlock();
    }
  }
}
