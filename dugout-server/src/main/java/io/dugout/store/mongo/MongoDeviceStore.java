package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Filters.or;

import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import io.dugout.push.Device;
import io.dugout.push.DeviceStore;
import io.dugout.system.DugoutException;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link DeviceStore} on MongoDB: one document per device in {@code devices}, unique on {@code
 * {userId, deviceId}} (which also orders a user's list) and on {@code {platform, token}}.
 *
 * <p>The unique token index is the arbiter of "a token has one holder": a put first deletes any
 * other holder of its token, then upserts its own document; when a put racing on another node took
 * the token in between, the upsert collides, and the put deletes that holder and tries again, a few
 * times at most. The count against {@code max} is read before the upsert, so a user's puts racing
 * on several nodes may pass it by as many as race (the port allows it).
 */
final class MongoDeviceStore implements DeviceStore {

  /** Upserts tried when racing puts of one token keep taking it back. */
  private static final int ATTEMPTS = 12;

  private final MongoCollection<Document> devices;

  MongoDeviceStore(MongoStorage storage) {
    this.devices = storage.collection(MongoStorage.DEVICES);
  }

  @Override
  public Put put(Device device, int max) {
    Bson self = self(device.userId(), device.deviceId());
    boolean existed = devices.find(self).first() != null;
    if (!existed && devices.countDocuments(eq("userId", device.userId())) >= max) {
      return Put.FULL;
    }
    Bson otherHolders =
        and(
            eq("platform", device.platform().name()),
            eq("token", device.token()),
            or(ne("userId", device.userId()), ne("deviceId", device.deviceId())));
    for (int attempt = 1; ; attempt++) {
      devices.deleteMany(otherHolders);
      try {
        devices.replaceOne(self, toDocument(device), new ReplaceOptions().upsert(true));
        return existed ? Put.REPLACED : Put.ADDED;
      } catch (MongoWriteException e) {
        if (!MongoStorage.isDuplicateKey(e)) {
          throw e;
        }
        if (attempt == ATTEMPTS) {
          throw DugoutException.unavailable(
              "the device's token is being registered by other devices at the same moment");
        }
        backOff(attempt);
      }
    }
  }

  @Override
  public List<Device> devicesOf(String userId) {
    var found = new ArrayList<Device>();
    for (Document d : devices.find(eq("userId", userId)).sort(Sorts.ascending("deviceId"))) {
      found.add(toDevice(d));
    }
    return found;
  }

  @Override
  public boolean remove(String userId, String deviceId) {
    return devices.deleteOne(self(userId, deviceId)).getDeletedCount() > 0;
  }

  @Override
  public boolean removeToken(Device.Platform platform, String token) {
    return devices
            .deleteOne(and(eq("platform", platform.name()), eq("token", token)))
            .getDeletedCount()
        > 0;
  }

  private static Bson self(String userId, String deviceId) {
    return and(eq("userId", userId), eq("deviceId", deviceId));
  }

  private static Document toDocument(Device device) {
    var document =
        new Document("userId", device.userId())
            .append("deviceId", device.deviceId())
            .append("platform", device.platform().name())
            .append("token", device.token())
            .append("appId", device.appId())
            .append("locale", device.locale())
            .append("previews", device.previews())
            .append("when", device.when().name());
    MongoStorage.putInstant(document, "updatedAt", device.updatedAt());
    return document;
  }

  private static Device toDevice(Document d) {
    return new Device(
        d.getString("userId"),
        d.getString("deviceId"),
        Device.Platform.valueOf(d.getString("platform")),
        d.getString("token"),
        d.getString("appId"),
        d.getString("locale"),
        d.getBoolean("previews", true),
        Device.When.valueOf(d.getString("when")),
        MongoStorage.getInstant(d, "updatedAt"));
  }

  /**
   * A random pause of up to {@code attempt} × 2 ms after a collision. why: racing puts that retry
   * at once keep taking the token from each other (on a loaded 2-core box eight of them outlasted
   * five attempts); spread out, each finds a moment when no other put falls between its delete and
   * its upsert, and the last one's holds.
   */
  private static void backOff(int attempt) {
    try {
      Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(1, 2L * attempt + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DugoutException.unavailable("interrupted while registering the device's token");
    }
  }
}
