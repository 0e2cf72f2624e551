package io.dugout.store.mongo;

import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import io.dugout.audit.AuditLog;
import io.dugout.ban.BanStore;
import io.dugout.block.BlockStore;
import io.dugout.file.UploadStore;
import io.dugout.message.MessageStore;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.moderation.ModerationStore;
import io.dugout.notification.NotificationStore;
import io.dugout.push.DeviceStore;
import io.dugout.push.PushDeadLetters;
import io.dugout.push.PushOutbox;
import io.dugout.report.ReportStore;
import io.dugout.room.RoomStore;
import io.dugout.store.StoreTimers;
import io.dugout.system.BackendOutage;
import io.dugout.system.BackendUnreachable;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.StoreType;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.boot.mongodb.autoconfigure.MongoConnectionDetails;
import org.springframework.boot.mongodb.autoconfigure.MongoProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Selects the MongoDB adapters when {@code dugout.store.type=mongodb}, on the {@link MongoClient}
 * that Spring Boot builds from {@code spring.mongodb.*} (its pool, TLS, credentials, health and
 * metrics apply). The database is the one named in {@code spring.mongodb.uri} (or {@code
 * spring.mongodb.database}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(store = StoreType.MONGODB)
class MongoConfiguration {

  private static final Logger log = LoggerFactory.getLogger(MongoConfiguration.class);

  @Bean
  MongoStorage mongoStorage(
      MongoClient client,
      MongoConnectionDetails connection,
      MongoProperties mongoProperties,
      MongoStoreProperties settings) {
    String database =
        mongoProperties.getDatabase() != null
            ? mongoProperties.getDatabase()
            : connection.getConnectionString().getDatabase();
    if (database == null || database.isBlank()) {
      throw new IllegalStateException(
          "spring.mongodb.uri names no database: put it in the path, as in"
              + " mongodb://mongo:27017/dugout?replicaSet=rs0");
    }
    MongoStorage storage;
    try {
      storage =
          MongoStorage.open(
              client,
              database,
              writeConcern(settings.writeConcern()),
              readConcern(settings.readConcern()));
    } catch (MongoTimeoutException | MongoSocketException | MongoSecurityException e) {
      throw new BackendUnreachable(
          "MongoDB", String.join(",", connection.getConnectionString().getHosts()), e);
    }
    log.info("Store: MongoDB database {}; cluster storage", storage.describe());
    if (!storage.transactions()) {
      log.warn(
          "MongoDB is a standalone server, not a replica set: majority means this one server, and a"
              + " crash while a room is created may leave members of a room that never existed. Run a replica set.");
    }
    return storage;
  }

  /** Contributes {@code store} to {@code /actuator/health} and to the readiness group. */
  @Bean
  HealthIndicator storeHealthIndicator(MongoStorage storage, MongoFailures failures) {
    return new MongoHealth(storage, failures.outage());
  }

  /** Times the adapters' reads, writes and scans as {@code dugout.store.latency{store=mongodb}}. */
  @Bean
  MeterBinder mongoStoreMeters(MongoStorage storage) {
    return registry ->
        storage.timers(
            StoreTimers.register(
                registry,
                "mongodb",
                "one-document read (room, member, last seq)",
                "write acknowledged by the write concern (message insert, membership, marker)",
                "index range read (history page, replay, members, room list)"));
  }

  /**
   * Reports MongoDB's outages to clients as {@code unavailable}, not as internal errors, and to the
   * operator once each (a WARN line when one begins, an INFO line when it ends, {@code
   * dugout.backend.*{backend=mongodb}}).
   */
  @Bean
  MongoFailures mongoFailures(MongoConnectionDetails connection) {
    String hosts = String.join(",", connection.getConnectionString().getHosts());
    // why: reconnecting is the driver's (its monitor); nobody here asks tryNow, so no retry pace
    return new MongoFailures(
        new BackendOutage(
            "mongodb",
            "MongoDB at " + hosts,
            "sends, history reads and new subscriptions get unavailable meanwhile, and nothing"
                + " is acknowledged that is not stored",
            Duration.ZERO,
            Duration.ZERO));
  }

  /** Lets the driver's monitor tell {@link MongoFailures} when MongoDB goes away and comes back. */
  @Bean
  MongoClientSettingsBuilderCustomizer mongoOutageListener(MongoFailures failures) {
    return settings -> settings.applyToClusterSettings(c -> c.addClusterListener(failures));
  }

  @Bean
  MeterBinder mongoOutageMeters(MongoFailures failures) {
    return failures.outage().meters();
  }

  @Bean
  MessageStore mongoMessageStore(MongoStorage storage) {
    return new MongoMessageStore(storage);
  }

  @Bean
  UnnotifiedMessages mongoUnnotifiedMessages(MongoStorage storage) {
    return new MongoUnnotifiedMessages(storage);
  }

  @Bean
  RoomStore mongoRoomStore(MongoStorage storage) {
    return new MongoRoomStore(storage);
  }

  @Bean
  NotificationStore mongoNotificationStore(MongoStorage storage) {
    return new MongoNotificationStore(storage);
  }

  @Bean
  UploadStore mongoUploadStore(MongoStorage storage) {
    return new MongoUploadStore(storage);
  }

  @Bean
  ReportStore mongoReportStore(MongoStorage storage) {
    return new MongoReportStore(storage);
  }

  @Bean
  BanStore mongoBanStore(MongoStorage storage) {
    return new MongoBanStore(storage);
  }

  @Bean
  BlockStore mongoBlockStore(MongoStorage storage) {
    return new MongoBlockStore(storage);
  }

  @Bean
  DeviceStore mongoDeviceStore(MongoStorage storage) {
    return new MongoDeviceStore(storage);
  }

  @Bean
  PushOutbox mongoPushOutbox(MongoStorage storage) {
    return new MongoPushOutbox(storage);
  }

  @Bean
  PushDeadLetters mongoPushDeadLetters(MongoStorage storage) {
    return new MongoPushDeadLetters(storage);
  }

  @Bean
  AuditLog mongoAuditLog(MongoStorage storage) {
    return new MongoAuditLog(storage);
  }

  @Bean
  ModerationStore mongoModerationStore(MongoStorage storage) {
    return new MongoModerationStore(storage);
  }

  /** {@code majority} or a number of members; never 0, which would not even report a collision. */
  static WriteConcern writeConcern(String value) {
    if ("majority".equalsIgnoreCase(value.strip())) {
      return WriteConcern.MAJORITY;
    }
    try {
      int members = Integer.parseInt(value.strip());
      if (members >= 1) {
        return new WriteConcern(members);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "dugout.store.mongodb.write-concern must be 'majority' or a number of members >= 1, not '"
            + value
            + "'");
  }

  static ReadConcern readConcern(String value) {
    try {
      return new ReadConcern(ReadConcernLevel.fromString(value.strip()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "dugout.store.mongodb.read-concern must be a MongoDB read concern level such as"
              + " 'majority' or 'local', not '"
              + value
              + "'",
          e);
    }
  }
}
