package io.dugout;

import io.dugout.store.mongo.InJvmMongo;
import java.util.List;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Which store the end-to-end suites run on: RocksDB by default, MongoDB when the system property
 * {@code dugout.test.store=mongodb} is set (the build's {@code mongodb-e2e} run). The same tests,
 * not copies, prove every guarantee on both.
 *
 * <p>why: Spring Boot's MongoDB health check sends {@code hello}, which the in-JVM stand-in does
 * not implement, so it is switched off here; against a real MongoDB it stays on.
 */
public final class TestStore {

  private static final boolean MONGODB = "mongodb".equals(System.getProperty("dugout.test.store"));

  private TestStore() {}

  /** Points a test server (one Spring context) at a fresh store of its own. */
  public static void configure(DynamicPropertyRegistry registry) {
    if (MONGODB) {
      String uri = InJvmMongo.shared().uri() + "/" + freshDatabase();
      registry.add("dugout.store.type", () -> "mongodb");
      registry.add("spring.mongodb.uri", () -> uri);
      registry.add("management.health.mongodb.enabled", () -> "false");
    }
  }

  /** Arguments that put a server process on the store of this run; one database per data dir. */
  static List<String> serverArgs(String dataDirName) {
    if (!MONGODB) {
      return List.of();
    }
    return List.of(
        "--dugout.store.type=mongodb",
        "--management.health.mongodb.enabled=false",
        "--spring.mongodb.uri="
            + InJvmMongo.shared().uri()
            + "/dugout_"
            + Integer.toHexString(dataDirName.hashCode()));
  }

  private static String freshDatabase() {
    return "dugout_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }
}
