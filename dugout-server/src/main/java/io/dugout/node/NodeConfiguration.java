package io.dugout.node;

import io.dugout.system.Backend;
import io.dugout.system.DugoutProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The node's watchdog and, when it runs from the nested jar, the preload of its drivers. */
@Configuration(proxyBeanMethods = false)
class NodeConfiguration {

  private static final Logger log = LoggerFactory.getLogger(NodeConfiguration.class);

  @Bean
  @ConditionalOnProperty(name = "dugout.watchdog.enabled", matchIfMissing = true)
  Watchdog watchdog(
      WatchdogProperties settings,
      DugoutProperties dugout,
      ApplicationEventPublisher events,
      MeterRegistry meters) {
    return new Watchdog(
        settings,
        Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("dugout-watchdog-probe").factory()),
        state -> AvailabilityChangeEvent.publish(events, Watchdog.class, state),
        () -> Runtime.getRuntime().halt(Watchdog.EXIT_STATUS),
        dugout.dataDir(),
        meters);
  }

  /** Runs after every bean exists and before the web server takes traffic. */
  @Bean
  SmartInitializingSingleton nestedJarPreload(DugoutProperties dugout) {
    return () -> {
      if (!NestedJarPreload.nested(NodeConfiguration.class.getClassLoader())) {
        return;
      }
      var prefixes = drivers(dugout);
      log.warn(
          "Dugout runs from the nested jar (java -jar dugout-server.jar); on JDK 24+ virtual"
              + " threads that load classes from it can hang the node (spring-boot#51463). Run the"
              + " extracted layout instead (docs/deploy.md, \"Running the jar\"){}",
          prefixes.isEmpty() ? "" : "; loading the drivers' classes " + prefixes + " first");
      if (prefixes.isEmpty()) {
        return;
      }
      String classPath = System.getProperty("java.class.path", "");
      if (classPath.contains(File.pathSeparator) || !classPath.endsWith(".jar")) {
        return;
      }
      long start = System.nanoTime();
      try {
        int loaded =
            NestedJarPreload.load(
                Path.of(classPath), prefixes, NodeConfiguration.class.getClassLoader());
        log.info(
            "Loaded {} driver classes in {} ms", loaded, (System.nanoTime() - start) / 1_000_000);
      } catch (IOException e) {
        log.warn("Loading the drivers' classes failed: {}", e.toString());
      }
    };
  }

  private static List<String> drivers(DugoutProperties dugout) {
    var prefixes = new ArrayList<String>();
    for (Backend backend : Backend.values()) {
      if (dugout.uses(backend)) {
        prefixes.addAll(
            switch (backend) {
              case MONGODB -> List.of("mongodb-driver-", "bson-");
              case REDIS -> List.of("lettuce-core-");
              case KAFKA -> List.of("kafka-clients-");
            });
      }
    }
    return prefixes;
  }
}
