package io.dugout.importer;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;

/**
 * The part of a Dugout node an import needs: the configuration, and the storage adapters the
 * settings select ({@code dugout.store.type}, {@code dugout.data-dir}, {@code spring.mongodb.uri},
 * profiles and environment variables as for the server), without a web server, sessions, sweeps or
 * cluster consumers. Opening the embedded store takes RocksDB's lock on the data directory, so an
 * import cannot run beside a server that holds it.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@ConfigurationPropertiesScan("io.dugout")
@ComponentScan(basePackages = {"io.dugout.store.rocksdb", "io.dugout.store.mongo"})
class ImportApplication {

  /** Starts the context with Spring arguments ({@code --name=value}). */
  static ConfigurableApplicationContext start(String... args) {
    return new SpringApplicationBuilder(ImportApplication.class)
        .web(WebApplicationType.NONE)
        .logStartupInfo(false)
        .properties(
            "logging.level.root=warn",
            "logging.level.io.dugout.store=info",
            // why: the command says itself, in one line, why the store did not open
            "logging.level.org.springframework.boot.SpringApplication=off",
            "logging.level.org.springframework.context.annotation.AnnotationConfigApplicationContext=off",
            "spring.application.name=dugout-import")
        .run(args);
  }
}
