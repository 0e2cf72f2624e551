/**
 * The cluster storage adapter: MongoDB (a replica set or a sharded cluster) through the official
 * sync driver and Spring Boot's {@code MongoClient} ({@code spring.mongodb.*}). Unique indexes are
 * the arbiter of each message's place and of each DIRECT/TRADE room; writes wait for a majority of
 * the replica set and reads see only majority-committed data (both configurable). Selected with
 * {@code dugout.store.type=mongodb}; off otherwise, and then it never connects.
 */
package io.dugout.store.mongo;
