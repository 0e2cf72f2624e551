package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.in;

import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import io.dugout.moderation.ModerationStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link ModerationStore} on MongoDB: one collection, {@code moderation}, whose {@code _id} names
 * what a document is: {@code rules/<room>} (a room's rules), {@code mute/<room>/<user>} and {@code
 * ban/<room>/<user>} ({@code /} is never part of an id). A writer's rules and mute are one query on
 * {@code _id}. A mute with an end carries it in {@code until}, which a TTL index removes after it
 * passes; {@code {kind, roomId, userId}} orders a room's bans. Each rule changes with one {@code
 * $set} that returns the document before it, so concurrent changes of the two rules never undo each
 * other, and the change is known without a second read.
 */
final class MongoModerationStore implements ModerationStore {

  private final MongoCollection<Document> moderation;

  MongoModerationStore(MongoStorage storage) {
    this.moderation = storage.collection(MongoStorage.MODERATION);
  }

  @Override
  public Writer writer(String roomId, String userId) {
    Rules rules = Rules.NONE;
    Mute mute = null;
    for (Document d : moderation.find(in("_id", rulesId(roomId), muteId(roomId, userId)))) {
      if ("rules".equals(d.getString("kind"))) {
        rules = rulesOf(d);
      } else {
        mute = muteOf(d);
      }
    }
    return new Writer(rules, mute);
  }

  @Override
  public Rules rules(String roomId) {
    Document d = moderation.find(eq("_id", rulesId(roomId))).first();
    return d == null ? Rules.NONE : rulesOf(d);
  }

  @Override
  public boolean setFrozen(String roomId, boolean frozen) {
    Document before = setRule(roomId, Updates.set("frozen", frozen));
    return before == null ? frozen : before.getBoolean("frozen", false) != frozen;
  }

  @Override
  public boolean setSlowMode(String roomId, int seconds) {
    Document before = setRule(roomId, Updates.set("slowModeSeconds", seconds));
    return before == null ? seconds != 0 : before.getInteger("slowModeSeconds", 0) != seconds;
  }

  private Document setRule(String roomId, Bson set) {
    return moderation.findOneAndUpdate(
        eq("_id", rulesId(roomId)),
        Updates.combine(set, Updates.set("kind", "rules"), Updates.set("roomId", roomId)),
        new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.BEFORE));
  }

  @Override
  public void mute(Mute mute) {
    var d =
        new Document("_id", muteId(mute.roomId(), mute.userId()))
            .append("kind", "mute")
            .append("roomId", mute.roomId())
            .append("userId", mute.userId())
            .append("byId", mute.byId());
    MongoStorage.putInstant(d, "at", mute.at());
    if (mute.until() != null) {
      MongoStorage.putInstant(d, "until", mute.until());
    }
    moderation.replaceOne(eq("_id", d.getString("_id")), d, new ReplaceOptions().upsert(true));
  }

  @Override
  public boolean unmute(String roomId, String userId) {
    return moderation.deleteOne(eq("_id", muteId(roomId, userId))).getDeletedCount() > 0;
  }

  @Override
  public boolean ban(Ban ban) {
    var d =
        new Document("_id", banId(ban.roomId(), ban.userId()))
            .append("kind", "ban")
            .append("roomId", ban.roomId())
            .append("userId", ban.userId())
            .append("byId", ban.byId())
            .append("reason", ban.reason());
    MongoStorage.putInstant(d, "at", ban.at());
    try {
      moderation.insertOne(d);
      return true;
    } catch (MongoWriteException e) {
      if (MongoStorage.isDuplicateKey(e)) {
        return false;
      }
      throw e;
    }
  }

  @Override
  public boolean unban(String roomId, String userId) {
    return moderation.deleteOne(eq("_id", banId(roomId, userId))).getDeletedCount() > 0;
  }

  @Override
  public Optional<Ban> findBan(String roomId, String userId) {
    return Optional.ofNullable(moderation.find(eq("_id", banId(roomId, userId))).first())
        .map(MongoModerationStore::banOf);
  }

  @Override
  public List<Ban> bans(String roomId, String afterUserId, int limit) {
    Bson filter =
        afterUserId == null
            ? and(eq("kind", "ban"), eq("roomId", roomId))
            : and(eq("kind", "ban"), eq("roomId", roomId), gt("userId", afterUserId));
    var bans = new ArrayList<Ban>();
    for (Document d : moderation.find(filter).sort(Sorts.ascending("userId")).limit(limit)) {
      bans.add(banOf(d));
    }
    return bans;
  }

  private static Rules rulesOf(Document d) {
    return new Rules(d.getBoolean("frozen", false), d.getInteger("slowModeSeconds", 0));
  }

  private static Mute muteOf(Document d) {
    return new Mute(
        d.getString("roomId"),
        d.getString("userId"),
        d.get("until") == null ? null : MongoStorage.getInstant(d, "until"),
        d.getString("byId"),
        MongoStorage.getInstant(d, "at"));
  }

  private static Ban banOf(Document d) {
    return new Ban(
        d.getString("roomId"),
        d.getString("userId"),
        d.getString("byId"),
        d.getString("reason"),
        MongoStorage.getInstant(d, "at"));
  }

  private static String rulesId(String roomId) {
    return "rules/" + roomId;
  }

  private static String muteId(String roomId, String userId) {
    return "mute/" + roomId + "/" + userId;
  }

  private static String banId(String roomId, String userId) {
    return "ban/" + roomId + "/" + userId;
  }
}
