/**
 * Storage adapters, one technology per package: {@code rocksdb} for embedded mode, {@code mongo}
 * for cluster mode. Each implements the domain's store ports and is chosen by {@code
 * dugout.store.type} ({@code rocksdb} or {@code mongodb}).
 */
package io.dugout.store;
