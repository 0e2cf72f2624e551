/**
 * The embedded storage adapter: RocksDB on local disk. Every write goes through RocksDB's
 * write-ahead log before it returns, so nothing acknowledged is lost when the process dies. Single
 * node only.
 */
package io.dugout.store.rocksdb;
