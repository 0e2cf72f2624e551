package io.dugout.store.mongo;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the MongoDB store reads and writes ({@code dugout.store.mongodb.*}); the connection itself is
 * Spring Boot's {@code spring.mongodb.*}. Named apart from Boot's {@code MongoProperties}, which
 * {@link MongoConfiguration} reads too.
 *
 * @param writeConcern {@code majority} (the default: a write returns once a majority of the replica
 *     set has it in its journal, so a failover never loses it) or a number of members
 * @param readConcern {@code majority} (the default: reads see only writes that cannot be rolled
 *     back) or another MongoDB read concern level such as {@code local}
 */
@ConfigurationProperties("dugout.store.mongodb")
record MongoStoreProperties(
    @DefaultValue("majority") String writeConcern, @DefaultValue("majority") String readConcern) {}
