package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.dugout.file.Upload;
import io.dugout.file.UploadStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link UploadStore} on MongoDB: one document per upload slot in {@code uploads}, its {@code _id}
 * the upload id, so every read and write of one upload finds it by the primary key. The sweep's
 * queries have an index each ({@code unused_expiry} on {@code usedBy, expiresAt}, {@code release}
 * on {@code releaseAt}).
 *
 * <p>{@link #use} is one {@code findOneAndUpdate} filtered on {@code usedBy: null}: MongoDB applies
 * a write to one document atomically, so of racing messages on any nodes exactly one matches the
 * filter and sets {@code usedBy}; the others match nothing and read the winner. {@link #put} sets
 * every field but {@code usedBy} and the release mark, so it never undoes a use or a release.
 */
final class MongoUploadStore implements UploadStore {

  private final MongoStorage storage;
  private final MongoCollection<Document> uploads;

  MongoUploadStore(MongoStorage storage) {
    this.storage = storage;
    this.uploads = storage.collection(MongoStorage.UPLOADS);
  }

  @Override
  public void put(Upload upload) {
    var fields = new ArrayList<Bson>();
    toDocument(upload).forEach((field, value) -> fields.add(Updates.set(field, value)));
    uploads.updateOne(
        eq("_id", upload.id()), Updates.combine(fields), new UpdateOptions().upsert(true));
    if (upload.usedBy() != null) {
      // why: a record written as used keeps the first message that used it, as use() would
      use(upload.id(), upload.usedBy());
    }
  }

  @Override
  public Upload get(String uploadId) {
    Document document = uploads.find(eq("_id", uploadId)).first();
    return document == null ? null : toUpload(document);
  }

  @Override
  public Upload use(String uploadId, String clientMsgId) {
    Document used =
        uploads.findOneAndUpdate(
            // why: {usedBy: null} matches a field that is null or absent, as MongoDB documents
            and(eq("_id", uploadId), eq("usedBy", null)),
            Updates.set("usedBy", clientMsgId),
            new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
    if (used != null) {
      return toUpload(used);
    }
    // why: the winner's write is on the primary but may not be majority-committed yet
    Document existing = storage.holders(MongoStorage.UPLOADS).find(eq("_id", uploadId)).first();
    return existing == null ? null : toUpload(existing);
  }

  @Override
  public Upload release(String uploadId, Upload.Release release) {
    Document marked =
        uploads.findOneAndUpdate(
            eq("_id", uploadId),
            Updates.combine(
                Updates.set("releaseRoomId", release.roomId()),
                Updates.set("releaseSeq", release.seq()),
                Updates.set("releaseAt", Date.from(release.markedAt())),
                Updates.set("releaseAtNanos", release.markedAt().getNano() % 1_000_000)),
            new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
    return marked == null ? null : toUpload(marked);
  }

  @Override
  public boolean unrelease(String uploadId, Upload.Release release) {
    var cleared =
        uploads.updateOne(
            and(
                eq("_id", uploadId),
                eq("releaseRoomId", release.roomId()),
                eq("releaseSeq", release.seq()),
                eq("releaseAt", Date.from(release.markedAt())),
                eq("releaseAtNanos", release.markedAt().getNano() % 1_000_000)),
            Updates.combine(
                Updates.unset("releaseRoomId"),
                Updates.unset("releaseSeq"),
                Updates.unset("releaseAt"),
                Updates.unset("releaseAtNanos")));
    return cleared.getModifiedCount() > 0;
  }

  @Override
  public List<Upload> expiredUnused(Instant before, int limit) {
    return find(and(eq("usedBy", null), lt("expiresAt", Date.from(before))), limit);
  }

  @Override
  public List<Upload> releasing(Instant markedBefore, int limit) {
    return find(lt("releaseAt", Date.from(markedBefore)), limit);
  }

  @Override
  public void delete(String uploadId) {
    uploads.deleteOne(eq("_id", uploadId));
  }

  private List<Upload> find(Bson filter, int limit) {
    var found = new ArrayList<Upload>();
    if (limit > 0) {
      uploads.find(filter).limit(limit).forEach(d -> found.add(toUpload(d)));
    }
    return found;
  }

  /** Every field of the upload except {@code _id}, {@code usedBy} and the release mark. */
  private static Document toDocument(Upload upload) {
    Document document =
        new Document("roomId", upload.roomId())
            .append("uploaderId", upload.uploaderId())
            .append("name", upload.name())
            .append("declaredSize", upload.declaredSize())
            .append("declaredType", upload.declaredType())
            .append("state", upload.state().name())
            .append("type", upload.type())
            .append("width", upload.width())
            .append("height", upload.height())
            .append("storedSize", upload.storedSize())
            .append("thumbnailType", upload.thumbnailType());
    MongoStorage.putInstant(document, "createdAt", upload.createdAt());
    MongoStorage.putInstant(document, "expiresAt", upload.expiresAt());
    return document;
  }

  private static Upload toUpload(Document document) {
    return new Upload(
        document.getString("_id"),
        document.getString("roomId"),
        document.getString("uploaderId"),
        document.getString("name"),
        document.get("declaredSize", Number.class).longValue(),
        document.getString("declaredType"),
        Upload.State.valueOf(document.getString("state")),
        document.getString("type"),
        document.getInteger("width"),
        document.getInteger("height"),
        MongoStorage.getInstant(document, "createdAt"),
        MongoStorage.getInstant(document, "expiresAt"),
        document.getString("usedBy"),
        document.get("storedSize") == null
            ? null
            : document.get("storedSize", Number.class).longValue(),
        document.getString("thumbnailType"),
        document.getDate("releaseAt") == null
            ? null
            : new Upload.Release(
                document.getString("releaseRoomId"),
                document.get("releaseSeq", Number.class).longValue(),
                MongoStorage.getInstant(document, "releaseAt")));
  }
}
