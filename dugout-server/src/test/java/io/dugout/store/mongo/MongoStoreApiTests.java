package io.dugout.store.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import io.dugout.api.ApiTest;
import io.dugout.message.MessageStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole server with {@code dugout.store.type=mongodb} on an in-JVM mongo-java-server through
 * {@code spring.mongodb.uri}: a room is created, a message posted over REST and read back from
 * history.
 */
@DirtiesContext
class MongoStoreApiTests extends ApiTest {

  private static InJvmMongo mongo;

  @Autowired MessageStore messages;
  @Autowired MongoClient mongoClient;

  @DynamicPropertySource
  static void mongo(DynamicPropertyRegistry registry) {
    mongo = new InJvmMongo();
    registry.add("dugout.store.type", () -> "mongodb");
    registry.add("spring.mongodb.uri", () -> mongo.uri() + "/dugout_smoke");
  }

  @AfterAll
  static void stopMongo() {
    mongo.close();
  }

  @Test
  void postsAndReadsHistoryThroughMongoDb() {
    assertThat(messages).isInstanceOf(MongoMessageStore.class);
    String alice = user("alice");
    String token = client.token(alice);
    String roomId = group(token, "on mongo", user("bob"));

    var posted = say(token, roomId, "c-1", "hello from mongo");
    var retried = say(token, roomId, "c-1", "hello from mongo");
    say(token, roomId, "c-2", "second");

    assertThat(posted.status()).isEqualTo(201);
    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.number("seq")).isEqualTo(posted.number("seq"));
    var history = client.get(token, "/api/v1/rooms/" + roomId + "/messages").json().get("messages");
    assertThat(history).hasSize(2);
    assertThat(history.get(0).get("content").asString()).isEqualTo("second");
    assertThat(history.get(1).get("content").asString()).isEqualTo("hello from mongo");
    assertThat(mongoClient.getDatabase("dugout_smoke").getCollection("messages").countDocuments())
        .isEqualTo(2);
  }
}
