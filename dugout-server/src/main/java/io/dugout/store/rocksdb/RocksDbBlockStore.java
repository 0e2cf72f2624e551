package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.BLOCKERS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.BLOCKS;

import io.dugout.block.Block;
import io.dugout.block.BlockStore;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Blocks as two key families written in one batch: {@code blocks} (blocker 0x00 blocked →
 * blockedAt) pages a blocker's list in order of the blocked user's id, and {@code blockers}
 * (blocked 0x00 blocker → empty) answers who blocked a user. Writes go through one lock, so that
 * counting a blocker's blocks and adding one are a single step: one node owns this database.
 */
final class RocksDbBlockStore implements BlockStore {

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();

  RocksDbBlockStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public Added add(Block block, int max) {
    byte[] key = Keys.pair(block.blockerId(), block.blockedId());
    writes.lock();
    try {
      if (storage.get(BLOCKS, key) != null) {
        return Added.EXISTED;
      }
      if (count(block.blockerId(), max) >= max) {
        return Added.FULL;
      }
      byte[] reverse = Keys.pair(block.blockedId(), block.blockerId());
      storage.write(
          batch -> {
            batch.put(BLOCKS, key, instant(block.blockedAt()));
            batch.put(BLOCKERS, reverse, new byte[0]);
          });
      return Added.ADDED;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public boolean remove(String blockerId, String blockedId) {
    byte[] key = Keys.pair(blockerId, blockedId);
    writes.lock();
    try {
      if (storage.get(BLOCKS, key) == null) {
        return false;
      }
      storage.write(
          batch -> {
            batch.delete(BLOCKS, key);
            batch.delete(BLOCKERS, Keys.pair(blockedId, blockerId));
          });
      return true;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public List<Block> list(String blockerId, String afterBlockedId, int limit) {
    byte[] prefix = Keys.prefix(blockerId);
    // why: the first key after the cursor's own is that key with a 0x00 byte appended
    byte[] from = afterBlockedId == null ? prefix : Keys.prefix(blockerId, afterBlockedId);
    var blocks = new ArrayList<Block>();
    storage.scan(
        BLOCKS,
        from,
        Keys.prefixEnd(blockerId),
        false,
        (key, value) -> {
          blocks.add(new Block(blockerId, Keys.suffix(key, prefix.length), instantOf(value)));
          return blocks.size() < limit;
        });
    return blocks;
  }

  @Override
  public boolean blocksEither(String oneUserId, String otherUserId) {
    return storage.get(BLOCKS, Keys.pair(oneUserId, otherUserId)) != null
        || storage.get(BLOCKS, Keys.pair(otherUserId, oneUserId)) != null;
  }

  @Override
  public List<String> blockersAmong(String blockedId, Collection<String> userIds) {
    var wanted = new HashSet<>(userIds);
    byte[] prefix = Keys.prefix(blockedId);
    var found = new ArrayList<String>();
    storage.scan(
        BLOCKERS,
        prefix,
        Keys.prefixEnd(blockedId),
        false,
        (key, value) -> {
          String blocker = Keys.suffix(key, prefix.length);
          if (wanted.contains(blocker)) {
            found.add(blocker);
          }
          return found.size() < wanted.size();
        });
    return found;
  }

  /** How many blocks the blocker has, counted up to {@code max}. */
  private int count(String blockerId, int max) {
    int[] count = {0};
    storage.scan(
        BLOCKS,
        Keys.prefix(blockerId),
        Keys.prefixEnd(blockerId),
        false,
        (key, value) -> ++count[0] < max);
    return count[0];
  }

  private static byte[] instant(Instant at) {
    return ByteBuffer.allocate(12).putLong(at.getEpochSecond()).putInt(at.getNano()).array();
  }

  private static Instant instantOf(byte[] value) {
    var buffer = ByteBuffer.wrap(value);
    return Instant.ofEpochSecond(buffer.getLong(), buffer.getInt());
  }
}
