package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.DEVICES;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.DEVICE_TOKENS;

import io.dugout.push.Device;
import io.dugout.push.DeviceStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Devices as JSON values keyed by user and device id, and an index from each (platform, token) to
 * its one holder. A put or remove writes both in one batch under one lock: one node owns this
 * database, so a lock in this process makes "a token has one holder" exact.
 *
 * <p>Each user's devices are remembered once read (every push reads them), for at most {@value
 * #REMEMBERED_USERS} users, then all are forgotten. Coherent because every write passes through
 * this store: a write forgets the users it touched after it is stored, and a read keeps what it
 * read only when no write ended while it read.
 */
final class RocksDbDeviceStore implements DeviceStore {

  static final int REMEMBERED_USERS = 100_000;

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();
  private final ConcurrentHashMap<String, List<Device>> remembered = new ConcurrentHashMap<>();
  private final AtomicLong writesEnded = new AtomicLong();

  RocksDbDeviceStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public Put put(Device device, int max) {
    byte[] key = Keys.pair(device.userId(), device.deviceId());
    byte[] tokenKey = tokenKey(device.platform(), device.token());
    writes.lock();
    try {
      Device existing = read(storage.get(DEVICES, key));
      if (existing == null && count(device.userId(), max) >= max) {
        return Put.FULL;
      }
      byte[] holder = storage.get(DEVICE_TOKENS, tokenKey);
      storage.write(
          batch -> {
            if (existing != null) {
              batch.delete(DEVICE_TOKENS, tokenKey(existing.platform(), existing.token()));
            }
            if (holder != null && !Arrays.equals(holder, key)) {
              batch.delete(DEVICES, holder);
            }
            batch.put(DEVICES, key, Json.write(device));
            batch.put(DEVICE_TOKENS, tokenKey, key);
          });
      forget(device.userId(), holder);
      return existing == null ? Put.ADDED : Put.REPLACED;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public List<Device> devicesOf(String userId) {
    List<Device> known = remembered.get(userId);
    if (known != null) {
      return known;
    }
    long writesBefore = writesEnded.get();
    var devices = new ArrayList<Device>();
    storage.scan(
        DEVICES,
        Keys.prefix(userId),
        Keys.prefixEnd(userId),
        false,
        (key, value) -> {
          devices.add(read(value));
          return true;
        });
    List<Device> read = List.copyOf(devices);
    if (writesEnded.get() == writesBefore) {
      if (remembered.size() >= REMEMBERED_USERS) {
        remembered.clear();
      }
      remembered.put(userId, read);
    }
    return read;
  }

  /**
   * After a write: its users' remembered devices are dropped, and a read that overlapped it keeps
   * nothing. {@code holderKey} is the (user, device) key of the token's previous holder, if any.
   */
  private void forget(String userId, byte[] holderKey) {
    writesEnded.incrementAndGet();
    remembered.remove(userId);
    if (holderKey != null) {
      remembered.remove(Keys.firstOf(holderKey));
    }
  }

  @Override
  public boolean remove(String userId, String deviceId) {
    byte[] key = Keys.pair(userId, deviceId);
    writes.lock();
    try {
      Device existing = read(storage.get(DEVICES, key));
      if (existing == null) {
        return false;
      }
      storage.write(
          batch -> {
            batch.delete(DEVICES, key);
            batch.delete(DEVICE_TOKENS, tokenKey(existing.platform(), existing.token()));
          });
      forget(userId, null);
      return true;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public boolean removeToken(Device.Platform platform, String token) {
    byte[] tokenKey = tokenKey(platform, token);
    writes.lock();
    try {
      byte[] holder = storage.get(DEVICE_TOKENS, tokenKey);
      if (holder == null) {
        return false;
      }
      storage.write(
          batch -> {
            batch.delete(DEVICES, holder);
            batch.delete(DEVICE_TOKENS, tokenKey);
          });
      forget(Keys.firstOf(holder), null);
      return true;
    } finally {
      writes.unlock();
    }
  }

  private int count(String userId, int max) {
    int[] count = {0};
    storage.scan(
        DEVICES,
        Keys.prefix(userId),
        Keys.prefixEnd(userId),
        false,
        (key, value) -> ++count[0] < max);
    return count[0];
  }

  private static byte[] tokenKey(Device.Platform platform, String token) {
    return Keys.pair(platform.name(), token);
  }

  private static Device read(byte[] value) {
    return value == null ? null : Json.read(value, Device.class);
  }
}
