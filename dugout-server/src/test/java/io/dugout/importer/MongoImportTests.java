package io.dugout.importer;

import io.dugout.store.mongo.InJvmMongo;
import java.util.UUID;

/** The import contract on cluster storage: MongoDB (mongo-java-server in this JVM). */
class MongoImportTests extends ImportContract {

  @Override
  String[] storeSettings() {
    String database = "import" + UUID.randomUUID().toString().replace("-", "");
    return new String[] {
      "--dugout.store.type=mongodb",
      "--spring.mongodb.uri=" + InJvmMongo.shared().uri() + "/" + database
    };
  }
}
