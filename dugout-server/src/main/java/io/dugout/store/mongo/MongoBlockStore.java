package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.or;

import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.dugout.block.Block;
import io.dugout.block.BlockStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link BlockStore} on MongoDB: one document per block in {@code blocks}, unique on {@code
 * {blockerId, blockedId}}, which also orders a blocker's list; {@code {blockedId, blockerId}}
 * answers who blocked a user. Reads use the database's read concern on the primary, so a block
 * acknowledged by a majority through one node is seen by the next read through any other.
 *
 * <p>The unique index is the arbiter of racing adds of one block: one inserts, the others collide
 * and answer {@code EXISTED}. The count against {@code max} is read before the insert, so a
 * blocker's adds racing on several nodes may pass it by as many as race (the port allows it).
 */
final class MongoBlockStore implements BlockStore {

  private final MongoCollection<Document> blocks;

  MongoBlockStore(MongoStorage storage) {
    this.blocks = storage.collection(MongoStorage.BLOCKS);
  }

  @Override
  public Added add(Block block, int max) {
    Bson pair = pair(block.blockerId(), block.blockedId());
    if (blocks.find(pair).projection(Projections.include("_id")).first() != null) {
      return Added.EXISTED;
    }
    if (blocks.countDocuments(eq("blockerId", block.blockerId())) >= max) {
      return Added.FULL;
    }
    var document =
        new Document("blockerId", block.blockerId()).append("blockedId", block.blockedId());
    MongoStorage.putInstant(document, "blockedAt", block.blockedAt());
    try {
      blocks.insertOne(document);
      return Added.ADDED;
    } catch (MongoWriteException e) {
      if (MongoStorage.isDuplicateKey(e)) {
        return Added.EXISTED;
      }
      throw e;
    }
  }

  @Override
  public boolean remove(String blockerId, String blockedId) {
    return blocks.deleteOne(pair(blockerId, blockedId)).getDeletedCount() > 0;
  }

  @Override
  public List<Block> list(String blockerId, String afterBlockedId, int limit) {
    Bson filter =
        afterBlockedId == null
            ? eq("blockerId", blockerId)
            : and(eq("blockerId", blockerId), gt("blockedId", afterBlockedId));
    var page = new ArrayList<Block>();
    for (Document d : blocks.find(filter).sort(Sorts.ascending("blockedId")).limit(limit)) {
      page.add(
          new Block(blockerId, d.getString("blockedId"), MongoStorage.getInstant(d, "blockedAt")));
    }
    return page;
  }

  @Override
  public boolean blocksEither(String oneUserId, String otherUserId) {
    return blocks
            .find(or(pair(oneUserId, otherUserId), pair(otherUserId, oneUserId)))
            .projection(Projections.include("_id"))
            .first()
        != null;
  }

  @Override
  public List<String> blockersAmong(String blockedId, Collection<String> userIds) {
    var found = new ArrayList<String>();
    for (Document d :
        blocks
            .find(and(eq("blockedId", blockedId), in("blockerId", userIds)))
            .projection(Projections.include("blockerId"))) {
      found.add(d.getString("blockerId"));
    }
    return found;
  }

  private static Bson pair(String blockerId, String blockedId) {
    return and(eq("blockerId", blockerId), eq("blockedId", blockedId));
  }
}
