package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.lte;
import static com.mongodb.client.model.Filters.or;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import io.dugout.ban.Ban;
import io.dugout.ban.BanStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link BanStore} on MongoDB: one document per banned user in {@code bans}, whose {@code _id} is
 * the user id, so a lookup is one read of the primary key and a page is a range of it. Reads use
 * the database's read concern on the primary, so a ban acknowledged by a majority through one node
 * is seen by the next read through any other.
 */
final class MongoBanStore implements BanStore {

  private final MongoCollection<Document> bans;

  MongoBanStore(MongoStorage storage) {
    this.bans = storage.collection(MongoStorage.BANS);
  }

  @Override
  public void put(Ban ban) {
    var document =
        new Document("_id", ban.userId())
            .append("reason", ban.reason())
            .append("bannedBy", ban.bannedBy());
    MongoStorage.putInstant(document, "bannedAt", ban.bannedAt());
    if (ban.until() != null) {
      MongoStorage.putInstant(document, "until", ban.until());
    }
    bans.replaceOne(eq("_id", ban.userId()), document, new ReplaceOptions().upsert(true));
  }

  @Override
  public boolean remove(String userId) {
    return bans.deleteOne(eq("_id", userId)).getDeletedCount() > 0;
  }

  @Override
  public Optional<Ban> find(String userId) {
    return Optional.ofNullable(bans.find(eq("_id", userId)).first()).map(MongoBanStore::ban);
  }

  @Override
  public List<Ban> list(String afterUserId, Instant now, int limit) {
    Bson inForce = or(eq("until", null), gt("until", Date.from(now)));
    Bson filter = afterUserId == null ? inForce : and(gt("_id", afterUserId), inForce);
    var page = new ArrayList<Ban>();
    for (Document d : bans.find(filter).sort(Sorts.ascending("_id")).limit(limit)) {
      var ban = ban(d);
      // why: dates keep milliseconds; the instant itself decides within the last one
      if (ban.inForceAt(now)) {
        page.add(ban);
      }
    }
    return page;
  }

  @Override
  public int removeEnded(Instant now, int limit) {
    int removed = 0;
    for (Document d :
        bans.find(lte("until", Date.from(now)))
            .projection(Projections.include("_id"))
            .limit(limit)) {
      removed +=
          (int)
              bans.deleteOne(and(eq("_id", d.get("_id")), lte("until", Date.from(now))))
                  .getDeletedCount();
    }
    return removed;
  }

  private static Ban ban(Document d) {
    return new Ban(
        d.getString("_id"),
        d.getString("reason"),
        d.getString("bannedBy"),
        MongoStorage.getInstant(d, "bannedAt"),
        d.get("until") == null ? null : MongoStorage.getInstant(d, "until"));
  }
}
