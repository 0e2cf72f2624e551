package io.dugout.store.rocksdb;

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
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties;
import io.dugout.system.DugoutProperties.StoreType;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Selects the RocksDB adapters when {@code dugout.store.type=rocksdb} (the default). */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(store = StoreType.ROCKSDB)
class RocksDbConfiguration {

  private static final Logger log = LoggerFactory.getLogger(RocksDbConfiguration.class);

  @Bean(destroyMethod = "close")
  RocksDbStorage rocksDbStorage(
      DugoutProperties dugout, RocksDbProperties store, MeterRegistry registry) {
    var dir = dugout.dataDir().toAbsolutePath().normalize().resolve("rocksdb");
    var priority = store.backgroundPriority();
    log.info(
        "Store: RocksDB in {} (fsync per write: {}{}, background work at {} priority); single-node"
            + " mode",
        dir,
        store.fsync(),
        store.fsync() ? ", " + store.syncWriters() + " sync writers" : "",
        priority.name().toLowerCase());
    if (priority == RocksDbProperties.BackgroundPriority.LOW) {
      RocksDbStorage.lowerBackgroundPriority();
    }
    var storage = RocksDbStorage.open(dir, store.fsync(), store.syncWriters());
    if (priority == RocksDbProperties.BackgroundPriority.IDLE) {
      // why: after the open, which starts the pools' threads
      String failure = IdleScheduling.applyToPools();
      if (failure != null) {
        log.warn("RocksDB's background work runs at nice 19, not idle: {}", failure);
        RocksDbStorage.lowerBackgroundPriority();
      }
    }
    RocksDbMetrics.register(storage, registry);
    return storage;
  }

  /** Contributes {@code store} to {@code /actuator/health} and to the readiness group. */
  @Bean
  HealthIndicator storeHealthIndicator(RocksDbStorage storage) {
    return new RocksDbHealth(storage);
  }

  @Bean
  RocksDbMembers rocksDbMembers(RocksDbStorage storage, RocksDbProperties store) {
    return new RocksDbMembers(storage, store.cachedMembers());
  }

  @Bean
  MessageStore rocksDbMessageStore(RocksDbStorage storage, RocksDbMembers members) {
    return new RocksDbMessageStore(storage, members);
  }

  @Bean
  UnnotifiedMessages rocksDbUnnotifiedMessages(RocksDbStorage storage) {
    return new RocksDbUnnotifiedMessages(storage);
  }

  @Bean
  RoomStore rocksDbRoomStore(
      RocksDbStorage storage, MessageStore messages, RocksDbMembers members) {
    return new RocksDbRoomStore(storage, messages, members);
  }

  @Bean
  NotificationStore rocksDbNotificationStore(RocksDbStorage storage) {
    return new RocksDbNotificationStore(storage);
  }

  @Bean
  UploadStore rocksDbUploadStore(RocksDbStorage storage) {
    return new RocksDbUploadStore(storage);
  }

  @Bean
  ReportStore rocksDbReportStore(RocksDbStorage storage) {
    return new RocksDbReportStore(storage);
  }

  @Bean
  BanStore rocksDbBanStore(RocksDbStorage storage) {
    return new RocksDbBanStore(storage);
  }

  @Bean
  BlockStore rocksDbBlockStore(RocksDbStorage storage) {
    return new RocksDbBlockStore(storage);
  }

  @Bean
  DeviceStore rocksDbDeviceStore(RocksDbStorage storage) {
    return new RocksDbDeviceStore(storage);
  }

  @Bean
  PushOutbox rocksDbPushOutbox(RocksDbStorage storage) {
    return new RocksDbPushOutbox(storage);
  }

  @Bean
  PushDeadLetters rocksDbPushDeadLetters(RocksDbStorage storage) {
    return new RocksDbPushDeadLetters(storage);
  }

  @Bean
  AuditLog rocksDbAuditLog(RocksDbStorage storage) {
    return new RocksDbAuditLog(storage);
  }

  @Bean
  ModerationStore rocksDbModerationStore(RocksDbStorage storage) {
    return new RocksDbModerationStore(storage);
  }
}
