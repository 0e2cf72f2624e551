package io.dugout.system;

import java.util.List;
import java.util.function.Predicate;
import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves Spring Boot's MongoDB, Redis and Kafka auto-configuration out unless the node uses that
 * backend ({@link DugoutProperties#uses}, the rule the adapters' {@link ConditionalOnSelection}
 * follows too), and Boot's Redis health indicator out always. why: with a driver on the class path
 * Boot would otherwise build its client on every node: a MongoDB client that keeps dialling {@code
 * localhost:27017} and turns the health check DOWN on a node that needs none, a Redis connection
 * factory that does the same for {@code localhost:6379}, Kafka producer, consumer and admin
 * factories that cost startup time for nothing. Registered in {@code META-INF/spring.factories}.
 */
public final class SelectedAutoConfigurations
    implements AutoConfigurationImportFilter, EnvironmentAware {

  /** Which auto-configuration is kept when: the first row whose package holds it decides. */
  private static final List<Row> TABLE =
      List.of(
          // why: an unreachable Redis makes reads slower, not the node unhealthy (the Redis
          // adapters' own health lines report it as DEGRADED instead)
          new Row("org.springframework.boot.data.redis.autoconfigure.health.", selected -> false),
          new Row("org.springframework.boot.data.redis.", selected -> selected.uses(Backend.REDIS)),
          new Row("org.springframework.boot.mongodb.", selected -> selected.uses(Backend.MONGODB)),
          new Row(
              "org.springframework.boot.data.mongodb.", selected -> selected.uses(Backend.MONGODB)),
          new Row("org.springframework.boot.kafka.", selected -> selected.uses(Backend.KAFKA)));

  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
    var selected = DugoutProperties.of(environment);
    boolean[] matches = new boolean[autoConfigurationClasses.length];
    for (int i = 0; i < matches.length; i++) {
      matches[i] = kept(autoConfigurationClasses[i], selected);
    }
    return matches;
  }

  /** Whether the auto-configuration class named {@code candidate} (null: none) is kept. */
  static boolean kept(String candidate, DugoutProperties selected) {
    if (candidate == null) {
      return true;
    }
    for (Row row : TABLE) {
      if (candidate.startsWith(row.packagePrefix())) {
        return row.kept().test(selected);
      }
    }
    return true;
  }

  private record Row(String packagePrefix, Predicate<DugoutProperties> kept) {}
}
