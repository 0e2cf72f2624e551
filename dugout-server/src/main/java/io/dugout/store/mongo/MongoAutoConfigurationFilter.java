package io.dugout.store.mongo;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves Spring Boot's MongoDB auto-configuration (client, health, metrics) out unless {@code
 * dugout.store.type=mongodb}. why: with the driver on the class path Boot would otherwise build a
 * client in embedded mode too, which keeps dialling {@code localhost:27017} and turns the health
 * check DOWN on a node that has no MongoDB and needs none. Registered in {@code
 * META-INF/spring.factories}.
 */
public final class MongoAutoConfigurationFilter
    implements AutoConfigurationImportFilter, EnvironmentAware {

  private static final String[] BOOT_MONGO_PACKAGES = {
    "org.springframework.boot.mongodb.", "org.springframework.boot.data.mongodb."
  };

  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
    boolean mongoSelected = mongoSelected();
    boolean[] matches = new boolean[autoConfigurationClasses.length];
    for (int i = 0; i < matches.length; i++) {
      String candidate = autoConfigurationClasses[i];
      matches[i] = candidate == null || mongoSelected || !isBootMongo(candidate);
    }
    return matches;
  }

  private boolean mongoSelected() {
    // why: the same test as MongoConfiguration's @ConditionalOnProperty, so both agree
    return "mongodb".equalsIgnoreCase(environment.getProperty("dugout.store.type", "rocksdb"));
  }

  private static boolean isBootMongo(String className) {
    for (String prefix : BOOT_MONGO_PACKAGES) {
      if (className.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }
}
