package io.dugout;

import io.dugout.cluster.kafka.TestCluster;
import io.dugout.cluster.redis.RedisProcess;
import io.dugout.store.mongo.InJvmMongo;
import io.dugout.store.s3.S3Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Which storage the end-to-end suites run on: RocksDB without a cache by default; MongoDB when the
 * system property {@code dugout.test.store=mongodb} is set, and the Redis history cache when {@code
 * dugout.test.cache=redis} is (the build's {@code cluster-storage-e2e} run sets both), with files
 * in S3 on MongoDB. The same tests, not copies, prove every guarantee on each.
 */
public final class TestStore {

  private static final boolean MONGODB = "mongodb".equals(System.getProperty("dugout.test.store"));
  private static final boolean REDIS = "redis".equals(System.getProperty("dugout.test.cache"));
  private static final boolean KAFKA = "cluster".equals(System.getProperty("dugout.test.mode"));

  private TestStore() {}

  /** Whether this run is on MongoDB with the Redis cache, the cluster storage set-up. */
  public static boolean clusterStorage() {
    return MONGODB && REDIS;
  }

  /** Points a test server (one Spring context) at a fresh store of its own. */
  public static void configure(DynamicPropertyRegistry registry) {
    if (MONGODB) {
      String uri = InJvmMongo.shared().uri() + "/" + freshDatabase();
      registry.add("dugout.store.type", () -> "mongodb");
      registry.add("spring.mongodb.uri", () -> uri);
      files(registry);
    }
    if (REDIS) {
      registry.add("dugout.cache.type", () -> "redis");
      registry.add("spring.data.redis.url", () -> RedisProcess.shared().url());
    }
    if (KAFKA) {
      String name = freshDatabase();
      cluster(name).forEach((key, value) -> registry.add(key, () -> value));
    }
  }

  /** The secret that signs upload URLs on MongoDB, where every node must share one. */
  public static final String SIGNING_SECRET = "the-upload-signing-secret-of-the-tests";

  /**
   * Files on MongoDB as a cluster keeps them: slots in MongoDB, bytes in a bucket of its own on the
   * test JVM's S3Proxy, credentials through the AWS SDK's default chain (its system properties).
   */
  private static void files(DynamicPropertyRegistry registry) {
    var s3 = S3Proxy.shared();
    System.setProperty("aws.accessKeyId", S3Proxy.ACCESS_KEY);
    System.setProperty("aws.secretAccessKey", S3Proxy.SECRET_KEY);
    String bucket = s3.newBucket();
    registry.add("dugout.files.s3.bucket", () -> bucket);
    registry.add("dugout.files.s3.endpoint", () -> s3.endpoint().toString());
    registry.add("dugout.files.s3.path-style", () -> "true");
    registry.add("dugout.files.signing-secret", () -> SIGNING_SECRET);
  }

  /**
   * Cluster mode for one server: Kafka sequencing and notifications on the test JVM's broker, in
   * topics and groups of its own ({@code name}); Redis fan-out on the redis-server of {@code
   * dugout.test.cache=redis}, which cluster mode needs too.
   */
  private static Map<String, String> cluster(String name) {
    var settings = new LinkedHashMap<String, String>();
    settings.put("dugout.mode", "cluster");
    settings.put("spring.kafka.bootstrap-servers", TestCluster.kafkaBootstrap());
    settings.put("dugout.cluster.kafka.topic", "dugout.sends." + name);
    settings.put("dugout.cluster.kafka.group", "dugout-" + name);
    settings.put("dugout.cluster.kafka.partitions", String.valueOf(TestCluster.PARTITIONS));
    settings.put("dugout.cluster.notifications.topic", "dugout.notifications." + name);
    settings.put("dugout.cluster.notifications.group", "dugout-notifiers-" + name);
    settings.put("dugout.cluster.notifications.partitions", String.valueOf(TestCluster.PARTITIONS));
    // why: a broker, Redis and the servers share two cores; 250 ms can pass before a reply
    settings.put("spring.data.redis.timeout", "2s");
    return settings;
  }

  /** Arguments that put a server process on the store of this run; one database per data dir. */
  static List<String> serverArgs(String dataDirName) {
    var args = new ArrayList<String>();
    if (MONGODB) {
      args.add("--dugout.store.type=mongodb");
      args.add(
          "--spring.mongodb.uri="
              + InJvmMongo.shared().uri()
              + "/dugout_"
              + Integer.toHexString(dataDirName.hashCode()));
    }
    if (REDIS) {
      args.add("--dugout.cache.type=redis");
      args.add("--spring.data.redis.url=" + RedisProcess.shared().url());
    }
    if (KAFKA) {
      cluster("p" + Integer.toHexString(dataDirName.hashCode()))
          .forEach((key, value) -> args.add("--" + key + "=" + value));
    }
    return args;
  }

  private static String freshDatabase() {
    return "dugout_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }
}
