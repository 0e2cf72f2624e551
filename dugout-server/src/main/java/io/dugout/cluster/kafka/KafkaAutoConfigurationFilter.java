package io.dugout.cluster.kafka;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves Spring Boot's Kafka auto-configuration out unless {@code dugout.mode=cluster}. why: with
 * the client on the class path Boot would otherwise build producer, consumer and admin factories on
 * an embedded node that has no Kafka and needs none, and spend startup time on them. Registered in
 * {@code META-INF/spring.factories}.
 */
public final class KafkaAutoConfigurationFilter
    implements AutoConfigurationImportFilter, EnvironmentAware {

  private static final String BOOT_KAFKA = "org.springframework.boot.kafka.";

  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
    // why: the same test as KafkaClusterConfiguration's @ConditionalOnProperty, so both agree
    boolean cluster =
        "cluster".equalsIgnoreCase(environment.getProperty("dugout.mode", "embedded"));
    boolean[] matches = new boolean[autoConfigurationClasses.length];
    for (int i = 0; i < matches.length; i++) {
      String candidate = autoConfigurationClasses[i];
      matches[i] = candidate == null || cluster || !candidate.startsWith(BOOT_KAFKA);
    }
    return matches;
  }
}
