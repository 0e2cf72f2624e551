package io.dugout.store.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Applications;
import io.dugout.file.FileStore;
import io.dugout.file.UploadStore;
import io.dugout.message.AttachmentUploads;
import io.dugout.message.MessageStore;
import io.dugout.store.s3.S3Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** Which store a node uses is one property; MongoDB stays untouched unless it is chosen. */
class StoreSelectionTests {

  @TempDir Path dataDir;

  @Test
  void startsOnRocksDbWithoutAnyMongoDbByDefault() {
    try (var context = start()) {
      assertThat(context.getBean(MessageStore.class).getClass().getSimpleName())
          .isEqualTo("RocksDbMessageStore");
      assertThat(context.getBeanNamesForType(com.mongodb.client.MongoClient.class)).isEmpty();
      assertThat(context.getBeanNamesForType(MongoStorage.class)).isEmpty();
    }
  }

  @Test
  void refusesToStartWithAnUnknownStoreType() {
    assertThatThrownBy(() -> start("--dugout.store.type=mongo").close())
        .rootCause()
        .hasMessageContaining("mongo");
    assertThatThrownBy(() -> start("--dugout.store.type=mongo").close())
        .hasStackTraceContaining("dugout.store.type");
  }

  @Test
  void refusesAMongoDbUriWithoutADatabase() throws Exception {
    try (var mongo = new InJvmMongo()) {
      assertThatThrownBy(
              () ->
                  start("--dugout.store.type=mongodb", "--spring.mongodb.uri=" + mongo.uri())
                      .close())
          .hasStackTraceContaining("spring.mongodb.uri names no database");
    }
    assertThat(Files.exists(dataDir.resolve("rocksdb"))).isFalse();
  }

  @Test
  void keepsFilesOnTheLocalDiskOnRocksDb() {
    try (var context = start()) {
      assertThat(simpleName(context, FileStore.class)).isEqualTo("LocalFileStore");
      assertThat(simpleName(context, UploadStore.class)).isEqualTo("RocksDbUploadStore");
    }
  }

  @Test
  void runsWithoutFilesOnMongoDbWhenNoFileStoreIsSet() throws Exception {
    try (var mongo = new InJvmMongo();
        var context = start(onMongo(mongo))) {
      assertThat(context.getBeanNamesForType(FileStore.class)).isEmpty();
      assertThat(context.getBeanNamesForType(AttachmentUploads.class)).isEmpty();
      assertThat(simpleName(context, UploadStore.class)).isEqualTo("MongoUploadStore");
    }
  }

  @Test
  void takesTheBucketOnMongoDbWhenOneIsSetWithCredentialsFromTheSdkChain() throws Exception {
    var s3 = S3Proxy.shared();
    // why: the SDK's default chain reads these system properties; Dugout has no key settings
    System.setProperty("aws.accessKeyId", S3Proxy.ACCESS_KEY);
    System.setProperty("aws.secretAccessKey", S3Proxy.SECRET_KEY);
    try (var mongo = new InJvmMongo();
        var context =
            start(
                onMongo(
                    mongo,
                    "--dugout.files.signing-secret=" + SECRET,
                    "--dugout.files.s3.bucket=" + s3.newBucket(),
                    "--dugout.files.s3.endpoint=" + s3.endpoint(),
                    "--dugout.files.s3.path-style=true"))) {
      assertThat(simpleName(context, FileStore.class)).isEqualTo("S3FileStore");
      assertThat(simpleName(context, UploadStore.class)).isEqualTo("MongoUploadStore");
      assertThat(context.getBeanNamesForType(AttachmentUploads.class)).hasSize(1);
      var files = context.getBean(FileStore.class);
      files.put("uploads/x", new java.io.ByteArrayInputStream(new byte[] {1, 2}), 2);
      assertThat(files.get("uploads/x").readAllBytes()).containsExactly(1, 2);
    } finally {
      System.clearProperty("aws.accessKeyId");
      System.clearProperty("aws.secretAccessKey");
    }
  }

  @Test
  void keepsFilesOnADirectoryOnMongoDbOnlyWhenLocalIsSetByName() throws Exception {
    try (var mongo = new InJvmMongo();
        var context =
            start(
                onMongo(
                    mongo,
                    "--dugout.files.store=local",
                    "--dugout.files.signing-secret=" + SECRET))) {
      assertThat(simpleName(context, FileStore.class)).isEqualTo("LocalFileStore");
    }
  }

  @Test
  void refusesS3WithoutABucketAndMongoDbFilesWithoutASharedSigningSecret() throws Exception {
    try (var mongo = new InJvmMongo()) {
      assertThatThrownBy(
              () ->
                  start(
                          onMongo(
                              mongo,
                              "--dugout.files.store=s3",
                              "--dugout.files.signing-secret=" + SECRET))
                      .close())
          .hasStackTraceContaining("dugout.files.store=s3 needs dugout.files.s3.bucket");
      assertThatThrownBy(() -> start(onMongo(mongo, "--dugout.files.store=local")).close())
          .hasStackTraceContaining("dugout.files.signing-secret must be set on MongoDB");
    }
  }

  private static final String SECRET = "a-secret-every-node-shares-0123456789";

  private static String[] onMongo(InJvmMongo mongo, String... args) {
    var all = new java.util.ArrayList<String>();
    all.add("--dugout.store.type=mongodb");
    all.add("--spring.mongodb.uri=" + mongo.uri() + "/dugout");
    all.addAll(java.util.List.of(args));
    return all.toArray(String[]::new);
  }

  private static String simpleName(ConfigurableApplicationContext context, Class<?> type) {
    return context.getBean(type).getClass().getSimpleName();
  }

  private ConfigurableApplicationContext start(String... args) {
    return Applications.start(dataDir, args);
  }
}
