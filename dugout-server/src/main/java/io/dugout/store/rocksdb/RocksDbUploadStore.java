package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.UPLOADS;

import io.dugout.file.Upload;
import io.dugout.file.UploadStore;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Upload slots as JSON values keyed by upload id. Writes go through one lock, which makes {@link
 * #use} a compare-and-set: one node owns this database, so a lock in this process is enough.
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
          existing != null && existing.usedBy() != null ? upload.usedBy(existing.usedBy()) : upload;
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

  private void write(Upload upload) {
    storage.write(batch -> batch.put(UPLOADS, Keys.utf8(upload.id()), Json.write(upload)));
  }
}
