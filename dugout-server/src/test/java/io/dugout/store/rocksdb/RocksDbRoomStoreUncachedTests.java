package io.dugout.store.rocksdb;

/** The room store contract with the member cache turned off. */
class RocksDbRoomStoreUncachedTests extends RocksDbRoomStoreTests {

  @Override
  int cachedMembers() {
    return 0;
  }
}
