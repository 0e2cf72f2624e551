package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.lte;

import com.mongodb.MongoWriteException;
import com.mongodb.TransactionOptions;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import io.dugout.notification.Notification;
import io.dugout.notification.NotificationCursor;
import io.dugout.notification.NotificationStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link NotificationStore} on MongoDB: one document per notification in {@code notifications}, one
 * per idempotency key in {@code notification_sends} (indexes in {@link MongoStorage}). A TTL index
 * on {@code expiresAt} removes both once expired; until it has, every read filters them out.
 *
 * <p>A send with an idempotency key writes its notifications and its key in one transaction where
 * the deployment has them (every replica set), so racing retries store exactly one set. Without
 * transactions (a standalone server) the notifications go first and the key after; the loser of a
 * race deletes its own, and a crash between the two writes lets a retry store the set again.
 *
 * <p>The unread count is an index-only count over {@code {userId, readAt, expiresAt}}: its cost is
 * the user's unread notifications, never their read ones. A counter kept beside it would drift,
 * because the TTL monitor deletes unread notifications without telling anyone.
 */
final class MongoNotificationStore implements NotificationStore {

  private final MongoStorage storage;
  private final MongoCollection<Document> notifications;
  private final MongoCollection<Document> sends;

  MongoNotificationStore(MongoStorage storage) {
    this.storage = storage;
    this.notifications = storage.collection(MongoStorage.NOTIFICATIONS);
    this.sends = storage.collection(MongoStorage.NOTIFICATION_SENDS);
  }

  @Override
  public Added add(List<Notification> added, IdempotencyKey key) {
    var documents = added.stream().map(MongoNotificationStore::toDocument).toList();
    var ids = added.stream().map(Notification::id).toList();
    if (key == null) {
      notifications.insertMany(documents);
      return new Added(ids, true);
    }
    Document send = new Document("scope", key.scope()).append("key", key.key()).append("ids", ids);
    MongoStorage.putInstant(send, "expiresAt", key.expiresAt());
    try {
      if (storage.transactions()) {
        insertInTransaction(documents, send);
      } else {
        notifications.insertMany(documents);
        try {
          sends.insertOne(send);
        } catch (MongoWriteException e) {
          notifications.deleteMany(in("_id", ids));
          throw e;
        }
      }
      return new Added(ids, true);
    } catch (MongoWriteException e) {
      if (!MongoStorage.isDuplicateKey(e)) {
        throw e;
      }
      Document original =
          storage
              .holders(MongoStorage.NOTIFICATION_SENDS)
              .find(and(eq("scope", key.scope()), eq("key", key.key())))
              .first();
      if (original == null) {
        throw e;
      }
      return new Added(original.getList("ids", String.class), false);
    }
  }

  private void insertInTransaction(List<Document> documents, Document send) {
    var options =
        TransactionOptions.builder()
            .writeConcern(notifications.getWriteConcern())
            .readConcern(notifications.getReadConcern())
            .build();
    try (var session = storage.client().startSession()) {
      session.withTransaction(
          () -> {
            sends.insertOne(session, send);
            notifications.insertMany(session, documents);
            return null;
          },
          options);
    }
  }

  @Override
  public Notification held(String userId, String collapseKey, Instant now) {
    Document live =
        notifications
            .find(
                and(
                    eq("collapseId", userId + "\u0000" + collapseKey),
                    gt("expiresAt", Date.from(now))))
            .first();
    return live == null ? null : fromDocument(live);
  }

  @Override
  public Notification collapse(Notification fresh, Instant now) {
    String collapseId = collapseId(fresh);
    for (int attempt = 0; ; attempt++) {
      Document live =
          notifications
              .find(and(eq("collapseId", collapseId), gt("expiresAt", Date.from(now))))
              .projection(Projections.include("_id"))
              .first();
      if (live != null) {
        Document updated = update(live.getString("_id"), fresh, now);
        if (updated != null) {
          return fromDocument(updated);
        }
        continue; // why: it expired between the two calls; replace it below
      }
      notifications.deleteOne(and(eq("collapseId", collapseId), lte("expiresAt", Date.from(now))));
      try {
        notifications.insertOne(toDocument(fresh));
        return fresh;
      } catch (MongoWriteException e) {
        // why: another node inserted it meanwhile; update that one instead
        if (!MongoStorage.isDuplicateKey(e) || attempt >= 2) {
          throw e;
        }
      }
    }
  }

  /** Updates the live notification {@code id} by a newer event; null when it expired. */
  private Document update(String id, Notification fresh, Instant now) {
    return notifications.findOneAndUpdate(
        and(eq("_id", id), gt("expiresAt", Date.from(now))),
        Updates.combine(
            Updates.set("kind", fresh.kind()),
            Updates.set("title", fresh.title()),
            Updates.set("body", fresh.body()),
            Updates.set("data", fresh.data()),
            Updates.set("createdAt", Date.from(fresh.createdAt())),
            Updates.set("createdAtNanos", fresh.createdAt().getNano() % 1_000_000),
            Updates.set("pos", pos(fresh.createdAt(), id)),
            Updates.set("readAt", null),
            Updates.set("expiresAt", Date.from(fresh.expiresAt())),
            Updates.set("expiresAtNanos", fresh.expiresAt().getNano() % 1_000_000),
            Updates.inc("count", fresh.count())),
        new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
  }

  @Override
  public List<Notification> page(
      String userId, NotificationCursor before, int limit, boolean unreadOnly, Instant now) {
    if (limit <= 0) {
      return List.of();
    }
    var filters = new ArrayList<Bson>();
    filters.add(eq("userId", userId));
    if (before != null) {
      filters.add(lt("pos", pos(before.createdAt(), before.id())));
    }
    filters.add(gt("expiresAt", Date.from(now)));
    if (unreadOnly) {
      filters.add(eq("readAt", null));
    }
    var page = new ArrayList<Notification>(Math.min(limit, 128));
    notifications
        .find(and(filters))
        .sort(Sorts.descending("pos"))
        .limit(limit)
        .forEach(d -> page.add(fromDocument(d)));
    return page;
  }

  @Override
  public long unreadCount(String userId, Instant now) {
    return notifications.countDocuments(unread(userId, now));
  }

  @Override
  public int markRead(String userId, Collection<String> ids, Instant at, Instant now) {
    return (int)
        notifications
            .updateMany(and(unread(userId, now), in("_id", List.copyOf(ids))), read(at))
            .getModifiedCount();
  }

  @Override
  public int markAllRead(String userId, Instant upTo, Instant at, Instant now) {
    Bson filter = unread(userId, now);
    if (upTo != null) {
      // why: every pos at upTo's nanosecond sorts below the next nanosecond's bare number
      filter = and(filter, lt("pos", digits(NotificationCursor.epochNanos(upTo) + 1)));
    }
    return (int) notifications.updateMany(filter, read(at)).getModifiedCount();
  }

  @Override
  public int removeExpired(Instant now, int max) {
    Date cutoff = Date.from(now);
    sends.deleteMany(lte("expiresAt", cutoff));
    var ids = new ArrayList<String>();
    notifications
        .find(lte("expiresAt", cutoff))
        .projection(Projections.include("_id"))
        .limit(max)
        .forEach(d -> ids.add(d.getString("_id")));
    if (ids.isEmpty()) {
      return 0;
    }
    return (int)
        notifications.deleteMany(and(in("_id", ids), lte("expiresAt", cutoff))).getDeletedCount();
  }

  private static Bson unread(String userId, Instant now) {
    return and(eq("userId", userId), eq("readAt", null), gt("expiresAt", Date.from(now)));
  }

  private static Bson read(Instant at) {
    return Updates.combine(
        Updates.set("readAt", Date.from(at)), Updates.set("readAtNanos", at.getNano() % 1_000_000));
  }

  /**
   * The sort key of a user's notifications: createdAt in nanoseconds as 19 digits, then the id, so
   * that string order is (createdAt, id) order.
   */
  private static String pos(Instant createdAt, String id) {
    return digits(NotificationCursor.epochNanos(createdAt)) + "_" + id;
  }

  private static String digits(long nanos) {
    return String.format("%019d", nanos);
  }

  private static String collapseId(Notification n) {
    return n.userId() + "\u0000" + n.collapseKey();
  }

  static Document toDocument(Notification n) {
    var document =
        new Document("_id", n.id())
            .append("userId", n.userId())
            .append("kind", n.kind())
            .append("title", n.title())
            .append("body", n.body())
            .append("data", n.data())
            .append("count", n.count());
    MongoStorage.putInstant(document, "createdAt", n.createdAt());
    document.append("pos", pos(n.createdAt(), n.id()));
    if (n.readAt() == null) {
      document.append("readAt", null);
    } else {
      MongoStorage.putInstant(document, "readAt", n.readAt());
    }
    MongoStorage.putInstant(document, "expiresAt", n.expiresAt());
    // why: absent, not null, without a key: the unique index covers only collapsing ones
    if (n.collapseKey() != null) {
      document.append("collapseKey", n.collapseKey()).append("collapseId", collapseId(n));
    }
    return document;
  }

  static Notification fromDocument(Document d) {
    return new Notification(
        d.getString("_id"),
        d.getString("userId"),
        d.getString("kind"),
        d.getString("title"),
        d.getString("body"),
        d.getString("data"),
        d.get("count", Number.class).intValue(),
        MongoStorage.getInstant(d, "createdAt"),
        d.get("readAt") == null ? null : MongoStorage.getInstant(d, "readAt"),
        MongoStorage.getInstant(d, "expiresAt"),
        d.getString("collapseKey"));
  }
}
