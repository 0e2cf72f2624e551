package io.dugout.store.rocksdb;

/** The room store contract with a member cache of one, so that nearly every read evicts. */
class RocksDbRoomStoreTinyCacheTests extends RocksDbRoomStoreTests {

  @Override
  int cachedMembers() {
    return 1;
  }
}
