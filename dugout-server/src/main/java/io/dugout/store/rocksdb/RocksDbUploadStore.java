package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.UPLOADS;

import io.dugout.file.Upload;
import io.dugout.file.UploadStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * Upload slots as JSON values keyed by upload id. Writes go through one lock, which makes {@link
 * #use} a compare-and-set: one node owns this database, so a lock in this process is enough.
 *
 * <p>The sweep's queries scan every upload record (a few hundred bytes each) until they have found
 * {@code limit}: there is no index, as uploads are far fewer than messages and the sweep runs every
 * few minutes, off the request path.
 */
final class RocksDbUploadStore implements UploadStore {

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();

  RocksDbUploadStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public void put(Upload upload) {
    writes.lock();
    try {
      Upload existing = get(upload.id());
      Upload written =
          existing == null
              ? upload
              : upload
                  .usedBy(existing.usedBy() != null ? existing.usedBy() : upload.usedBy())
                  .releasing(existing.release());
      write(written);
    } finally {
      writes.unlock();
    }
  }

  @Override
  public Upload get(String uploadId) {
    byte[] value = storage.get(UPLOADS, Keys.utf8(uploadId));
    return value == null ? null : Json.read(value, Upload.class);
  }

  @Override
  public Upload use(String uploadId, String clientMsgId) {
    writes.lock();
    try {
      Upload existing = get(uploadId);
      if (existing == null || existing.usedBy() != null) {
        return existing;
      }
      Upload used = existing.usedBy(clientMsgId);
      write(used);
      return used;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public Upload release(String uploadId, Upload.Release release) {
    writes.lock();
    try {
      Upload existing = get(uploadId);
      if (existing == null) {
        return null;
      }
      Upload marked = existing.releasing(release);
      write(marked);
      return marked;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public boolean unrelease(String uploadId, Upload.Release release) {
    writes.lock();
    try {
      Upload existing = get(uploadId);
      if (existing == null || !Objects.equals(existing.release(), release)) {
        return false;
      }
      write(existing.releasing(null));
      return true;
    } finally {
      writes.unlock();
    }
  }

  @Override
  public List<Upload> expiredUnused(Instant before, int limit) {
    return scan(u -> u.usedBy() == null && u.expiresAt().isBefore(before), limit);
  }

  @Override
  public List<Upload> releasing(Instant markedBefore, int limit) {
    return scan(u -> u.release() != null && u.release().markedAt().isBefore(markedBefore), limit);
  }

  @Override
  public void delete(String uploadId) {
    writes.lock();
    try {
      storage.write(batch -> batch.delete(UPLOADS, Keys.utf8(uploadId)));
    } finally {
      writes.unlock();
    }
  }

  private List<Upload> scan(Predicate<Upload> wanted, int limit) {
    var found = new ArrayList<Upload>();
    if (limit < 1) {
      return found;
    }
    // why: upload ids are ASCII, so every key sorts between these two
    storage.scan(
        UPLOADS,
        new byte[] {0},
        new byte[] {(byte) 0xff},
        false,
        (key, value) -> {
          Upload upload = Json.read(value, Upload.class);
          if (wanted.test(upload)) {
            found.add(upload);
          }
          return found.size() < limit;
        });
    return found;
  }

  private void write(Upload upload) {
    storage.write(batch -> batch.put(UPLOADS, Keys.utf8(upload.id()), Json.write(upload)));
  }
}
