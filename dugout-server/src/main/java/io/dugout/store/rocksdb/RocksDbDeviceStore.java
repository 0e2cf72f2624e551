package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.DEVICES;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.DEVICE_TOKENS;

import io.dugout.push.Device;
import io.dugout.push.DeviceStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Devices as JSON values keyed by user and device id, and an index from each (platform, token) to
 * its one holder. A put or remove writes both in one batch under one lock: one node owns this
 * database, so a lock in this process makes "a token has one holder" exact.
 */
final class RocksDbDeviceStore implements DeviceStore {

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();

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
      return existing == null ? Put.ADDED : Put.REPLACED;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public List<Device> devicesOf(String userId) {
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
    return devices;
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
