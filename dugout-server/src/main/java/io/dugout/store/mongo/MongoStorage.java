package io.dugout.store.mongo;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.connection.ClusterType;
import io.dugout.store.StoreTimers;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Dugout's collections in one database, with their indexes created (idempotently) when opened.
 *
 * <ul>
 *   <li>{@code messages}: unique {@code {roomId, seq}} (the seq arbiter, every history page and
 *       {@code lastSeq}) and unique {@code {roomId, senderId, clientMsgId}} (the retry key), and
 *       sparse {@code unnotified} (the marks of messages not yet notified, {@link
 *       MongoUnnotifiedMessages}).
 *   <li>{@code rooms}: {@code _id} is the room id; unique {@code uniqueKey}, only on rooms that
 *       have one (DIRECT and TRADE).
 *   <li>{@code members}: unique {@code {roomId, userId}} (membership checks, a room's members) and
 *       {@code {userId}} (a user's rooms).
 *   <li>{@code notifications}: {@code {userId, pos}} (a user's notifications newest first, and
 *       marking all read up to a time), {@code {userId, readAt, expiresAt}} (the unread count),
 *       unique {@code collapseId} only on collapsing ones (one per user and room), and a TTL index
 *       on {@code expiresAt}.
 *   <li>{@code notification_sends}: unique {@code {scope, key}} (idempotency keys) and a TTL index
 *       on {@code expiresAt}.
 *   <li>{@code uploads}: {@code _id} is the upload id, the only key it is read and written by.
 *   <li>{@code blocks}: unique {@code {blockerId, blockedId}} (a blocker's list in order, and
 *       whether one user blocks another) and {@code {blockedId, blockerId}} (who blocked a user).
 *   <li>{@code bans}: {@code _id} is the banned user's id, the only key it is read and written by.
 *   <li>{@code reports}: {@code _id} is the report id; unique sparse {@code openKey} (one open
 *       report per reporter and message), {@code {open, _id}} (the queue) and {@code
 *       evidenceExpiresAt} (the evidence sweep).
 * </ul>
 */
final class MongoStorage {

  static final String MESSAGES = "messages";
  static final String ROOMS = "rooms";
  static final String MEMBERS = "members";
  static final String NOTIFICATIONS = "notifications";
  static final String NOTIFICATION_SENDS = "notification_sends";
  static final String UPLOADS = "uploads";
  static final String BLOCKS = "blocks";
  static final String DEVICES = "devices";
  static final String PUSH_OUTBOX = "push_outbox";
  static final String PUSH_DEAD_LETTERS = "push_dead_letters";
  static final String PUSH_DEAD_LETTERS_EVICTED = "push_dead_letters_evicted";
  static final String AUDIT = "audit";
  static final String MODERATION = "moderation";
  static final String BANS = "bans";
  static final String REPORTS = "reports";

  private final MongoClient client;
  private final MongoDatabase database;
  private final boolean transactions;
  private volatile StoreTimers timers = StoreTimers.NONE;

  private MongoStorage(MongoClient client, MongoDatabase database, boolean transactions) {
    this.client = client;
    this.database = database;
    this.transactions = transactions;
  }

  /** Opens the database with the given concerns and makes sure every index exists. */
  static MongoStorage open(
      MongoClient client, String databaseName, WriteConcern writeConcern, ReadConcern readConcern) {
    MongoDatabase database =
        client
            .getDatabase(databaseName)
            .withWriteConcern(writeConcern)
            .withReadConcern(readConcern);
    createIndexes(database);
    return new MongoStorage(client, database, supportsTransactions(client));
  }

  /** The timers the adapters record their operations into ({@code store=mongodb}). */
  StoreTimers timers() {
    return timers;
  }

  void timers(StoreTimers timers) {
    this.timers = timers;
  }

  /** Asks the server for a round trip ({@code ping}); throws when it cannot be reached. */
  void ping() {
    database.runCommand(new Document("ping", 1));
  }

  MongoCollection<Document> collection(String name) {
    return database.getCollection(name);
  }

  /**
   * The collection for reading the holder of a unique key that a write just collided with. why: the
   * collision proves the holder is on the primary, but a majority read may not see it yet (its
   * writer may still be waiting for the majority); a local read on the primary always does.
   */
  MongoCollection<Document> holders(String name) {
    return database.getCollection(name).withReadConcern(ReadConcern.LOCAL);
  }

  MongoClient client() {
    return client;
  }

  /** Whether multi-document transactions are available (replica sets and sharded clusters). */
  boolean transactions() {
    return transactions;
  }

  String describe() {
    return database.getName()
        + " (write concern "
        + database.getWriteConcern().asDocument().toJson()
        + ", read concern "
        + database.getReadConcern().asDocument().toJson()
        + (transactions ? "" : ", no transactions: not a replica set")
        + ")";
  }

  private static void createIndexes(MongoDatabase database) {
    // why: createIndex is a no-op when an identical index exists, so every node may run it at start
    var messages = database.getCollection(MESSAGES);
    messages.createIndex(
        Indexes.ascending("roomId", "seq"), new IndexOptions().name("room_seq").unique(true));
    messages.createIndex(
        Indexes.ascending("roomId", "senderId", "clientMsgId"),
        new IndexOptions().name("room_sender_clientMsgId").unique(true));
    messages.createIndex(
        Indexes.ascending(MongoUnnotifiedMessages.FIELD),
        // why: only the few messages whose notifications are not made yet carry the field
        new IndexOptions().name(MongoUnnotifiedMessages.FIELD).sparse(true));
    database
        .getCollection(ROOMS)
        .createIndex(
            Indexes.ascending("uniqueKey"),
            new IndexOptions()
                .name("uniqueKey")
                .unique(true)
                // why: groups have no key and store no field, and a sparse index skips them
                .sparse(true));
    var members = database.getCollection(MEMBERS);
    members.createIndex(
        Indexes.ascending("roomId", "userId"), new IndexOptions().name("room_user").unique(true));
    members.createIndex(Indexes.ascending("userId"), new IndexOptions().name("user"));
    var notifications = database.getCollection(NOTIFICATIONS);
    notifications.createIndex(
        Indexes.compoundIndex(Indexes.ascending("userId"), Indexes.descending("pos")),
        new IndexOptions().name("user_pos"));
    notifications.createIndex(
        Indexes.ascending("userId", "readAt", "expiresAt"), new IndexOptions().name("user_unread"));
    notifications.createIndex(
        Indexes.ascending("collapseId"),
        new IndexOptions().name("collapseId").unique(true).sparse(true));
    notifications.createIndex(
        Indexes.ascending("expiresAt"),
        new IndexOptions().name("expiry").expireAfter(0L, TimeUnit.SECONDS));
    var uploads = database.getCollection(UPLOADS);
    uploads.createIndex(
        Indexes.ascending("usedBy", "expiresAt"), new IndexOptions().name("unused_expiry"));
    uploads.createIndex(
        Indexes.ascending("releaseAt"), new IndexOptions().name("release").sparse(true));
    var blocks = database.getCollection(BLOCKS);
    blocks.createIndex(
        Indexes.ascending("blockerId", "blockedId"),
        new IndexOptions().name("blocker_blocked").unique(true));
    blocks.createIndex(
        Indexes.ascending("blockedId", "blockerId"), new IndexOptions().name("blocked_blocker"));
    var devices = database.getCollection(DEVICES);
    devices.createIndex(
        Indexes.ascending("userId", "deviceId"),
        new IndexOptions().name("user_device").unique(true));
    devices.createIndex(
        Indexes.ascending("platform", "token"),
        new IndexOptions().name("platform_token").unique(true));
    var audit = database.getCollection(AUDIT);
    audit.createIndex(Indexes.descending("roomId", "_id"), new IndexOptions().name("room"));
    audit.createIndex(Indexes.descending("userId", "_id"), new IndexOptions().name("user"));
    var moderation = database.getCollection(MODERATION);
    moderation.createIndex(
        Indexes.ascending("kind", "roomId", "userId"), new IndexOptions().name("kind_room_user"));
    moderation.createIndex(
        Indexes.ascending("until"),
        new IndexOptions().name("mute_expiry").expireAfter(0L, TimeUnit.SECONDS));
    var reports = database.getCollection(REPORTS);
    reports.createIndex(
        Indexes.ascending("openKey"),
        new IndexOptions().name("open_key").unique(true).sparse(true));
    reports.createIndex(Indexes.ascending("open", "_id"), new IndexOptions().name("queue"));
    reports.createIndex(
        Indexes.ascending("evidenceExpiresAt"),
        new IndexOptions().name("evidence_expiry").sparse(true));
    reports.createIndex(
        Indexes.ascending("evidenceUploads", "evidenceExpiresAt"),
        new IndexOptions().name("evidence_uploads").sparse(true));
    var sends = database.getCollection(NOTIFICATION_SENDS);
    sends.createIndex(
        Indexes.ascending("scope", "key"), new IndexOptions().name("scope_key").unique(true));
    sends.createIndex(
        Indexes.ascending("expiresAt"),
        new IndexOptions().name("expiry").expireAfter(0L, TimeUnit.SECONDS));
  }

  /** Known once the client has talked to the deployment, as it has after creating indexes. */
  private static boolean supportsTransactions(MongoClient client) {
    var type = client.getClusterDescription().getType();
    return type == ClusterType.REPLICA_SET || type == ClusterType.SHARDED;
  }

  static boolean isDuplicateKey(MongoWriteException e) {
    return e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY;
  }

  /**
   * Writes an instant as a BSON date (milliseconds, so that the shell, TTL indexes and range
   * queries see a date) plus the nanoseconds within that millisecond under {@code field + "Nanos"}.
   * why: BSON dates keep milliseconds only, and the store must give back exactly the instant it was
   * given (clients send microseconds).
   */
  static void putInstant(Document document, String field, Instant instant) {
    document
        .append(field, Date.from(instant))
        .append(field + "Nanos", instant.getNano() % 1_000_000);
  }

  static Instant getInstant(Document document, String field) {
    Date date = document.getDate(field);
    Number nanos = document.get(field + "Nanos", Number.class);
    return date.toInstant().plusNanos(nanos == null ? 0 : nanos.longValue());
  }
}
