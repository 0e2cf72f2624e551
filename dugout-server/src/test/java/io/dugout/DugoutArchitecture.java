package io.dugout;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Arrays;

/**
 * The import rules of {@code shared/style.md}, for the code under a root package. A function of the
 * root so that the same rules can be shown to catch violations in a fixture tree.
 */
final class DugoutArchitecture {

  /** Capabilities: the domain, which must not know how anything is stored or transported. */
  static final String[] DOMAIN = {
    "room", "message", "auth", "realtime", "notification", "file", "push", "ban", "report"
  };

  private DugoutArchitecture() {}

  /** Only {@code root.adapter} may use the technology in {@code libraryPackages}. */
  static ArchRule onlyAdapterUses(String root, String adapter, String... libraryPackages) {
    return noClasses()
        .that()
        .resideOutsideOfPackage(root + "." + adapter + "..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(libraryPackages)
        .as(
            "nothing outside "
                + root
                + "."
                + adapter
                + " uses "
                + String.join(", ", libraryPackages));
  }

  static ArchRule onlyRocksDbAdapterUsesRocksDb(String root) {
    return onlyAdapterUses(root, "store.rocksdb", "org.rocksdb..");
  }

  static ArchRule onlyS3AdapterUsesTheAwsSdk(String root) {
    return onlyAdapterUses(root, "store.s3", "software.amazon.awssdk..");
  }

  static ArchRule onlyMongoAdapterUsesMongo(String root) {
    return onlyAdapterUses(
        root, "store.mongo", "com.mongodb..", "org.bson..", "org.springframework.data.mongodb..");
  }

  static ArchRule onlyRedisAdapterUsesRedis(String root) {
    return onlyAdapterUses(
        root,
        "cluster.redis",
        "io.lettuce..",
        "redis.clients..",
        "org.springframework.data.redis..");
  }

  static ArchRule onlyKafkaAdapterUsesKafka(String root) {
    return onlyAdapterUses(
        root, "cluster.kafka", "org.apache.kafka..", "org.springframework.kafka..");
  }

  static ArchRule onlyApnsAdapterUsesPushy(String root) {
    return onlyAdapterUses(root, "push.apns", "com.eatthepath..");
  }

  static ArchRule onlyFcmAdapterUsesGoogleAuth(String root) {
    return onlyAdapterUses(root, "push.fcm", "com.google.auth..", "com.google.api.client..");
  }

  static ArchRule onlyNettyTransportUsesNetty(String root) {
    return onlyAdapterUses(root, "transport.netty", "io.netty..");
  }

  static ArchRule onlyTomcatTransportUsesTomcat(String root) {
    return onlyAdapterUses(
        root,
        "transport.tomcat",
        "org.apache.catalina..",
        "org.apache.tomcat..",
        "org.apache.coyote..");
  }

  /** Domain packages talk to storage through their ports, never to an adapter. */
  static ArchRule domainNeverUsesAnAdapter(String root) {
    String[] domain = Arrays.stream(DOMAIN).map(p -> root + "." + p + "..").toArray(String[]::new);
    return noClasses()
        .that()
        .resideInAnyPackage(domain)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(root + ".store..", root + ".cluster..")
        .as("domain packages never use " + root + ".store.. or " + root + ".cluster..");
  }

  /** Rooms know messages (a room shows its last message); messages never know rooms. */
  /**
   * Rooms and messages consult blocks through ports they own ({@code RoomBlocks}, {@code
   * SendBlocks}); the block capability implements them, so the dependency points one way.
   */
  static ArchRule roomsAndMessagesNeverUseBlocks(String root) {
    return noClasses()
        .that()
        .resideInAnyPackage(root + ".room..", root + ".message..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(root + ".block..")
        .as(root + ".room and " + root + ".message never use " + root + ".block");
  }

  /**
   * Requests and sessions ask whether a user is banned only through auth's {@code BannedUsers}
   * port, which the ban capability implements: the one place bans are decided stays one.
   */
  static ArchRule sessionsAndRequestsReachBansOnlyThroughAuth(String root) {
    return noClasses()
        .that()
        .resideInAnyPackage(
            root + ".auth..", root + ".realtime..", root + ".fastpath..", root + ".transport..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(root + ".ban..")
        .as("auth, realtime, fastpath and transport never use " + root + ".ban");
  }

  static ArchRule messagesNeverUseRooms(String root) {
    return noClasses()
        .that()
        .resideInAPackage(root + ".message..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(root + ".room..")
        .as(root + ".message never uses " + root + ".room (room → message is the one direction)");
  }

  /**
   * A {@code MessageListener} is called inside the room's lane and must only hand the message on:
   * it never uses a store (a blocking write there stalls the room's next append). A {@code
   * NotificationListener} is called on the thread that stored the notification (a REST request, the
   * chat notifier) and must only hand it on too.
   */
  static ArchRule listenersNeverUseAStore(String root) {
    return noClasses()
        .that()
        .implement(root + ".message.MessageListener")
        .or()
        .implement(root + ".notification.NotificationListener")
        .should()
        .dependOnClassesThat()
        .haveSimpleNameEndingWith("Store")
        .as("message and notification listeners never use a store (they only hand on)");
  }

  /**
   * File rights are decided in one place: in the file capability only {@code FileRights} asks
   * {@code RoomAccess} (its configuration only builds it), so a new endpoint cannot decide
   * membership its own way.
   */
  static ArchRule fileRightsAloneAskMembership(String root) {
    return noClasses()
        .that()
        .resideInAPackage(root + ".file..")
        .and()
        .doNotHaveSimpleName("FileRights")
        .and()
        // why: the configuration hands RoomAccess to FileRights; wiring decides nothing
        .areNotAnnotatedWith(org.springframework.context.annotation.Configuration.class)
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName(root + ".message.RoomAccess")
        .as("in " + root + ".file only FileRights asks RoomAccess");
  }

  /**
   * Moderation rights are decided in one place: only {@code ModerationRights} names the roles that
   * moderate ({@code OWNER}, {@code ADMIN}), besides {@code RoomPlan}, which makes a room's creator
   * its owner. A new check that compares roles its own way fails the build.
   */
  static ArchRule moderationRightsAloneReadModeratorRoles(String root) {
    String role = root + ".room.MemberRole";
    return noClasses()
        .that()
        .doNotHaveSimpleName("ModerationRights")
        .and()
        .doNotHaveSimpleName("RoomPlan")
        .and()
        .doNotHaveFullyQualifiedName(role)
        .should()
        .accessField(role, "OWNER")
        .orShould()
        .accessField(role, "ADMIN")
        .as("only ModerationRights (and RoomPlan, which makes the owner) names OWNER and ADMIN");
  }

  /**
   * Guarantee 5 does not rest on callers remembering it: every public method of {@code
   * MessageService} takes the {@code Caller} it checks, except {@code postSystem}, which records
   * room events for the room capability.
   */
  static ArchRule messageServiceChecksEveryCaller(String root) {
    String caller = root + ".auth.Caller";
    return methods()
        .that()
        .areDeclaredIn(root + ".message.MessageService")
        .and()
        .arePublic()
        .and()
        .doNotHaveName("postSystem")
        .and(
            // why: without parameters a method names no room, so it has no caller to check
            new DescribedPredicate<JavaMethod>("take parameters") {
              @Override
              public boolean test(JavaMethod method) {
                return !method.getRawParameterTypes().isEmpty();
              }
            })
        .should(
            new ArchCondition<JavaMethod>("take a " + caller) {
              @Override
              public void check(JavaMethod method, ConditionEvents events) {
                boolean guarded =
                    method.getRawParameterTypes().stream()
                        .anyMatch(t -> t.getName().equals(caller));
                if (!guarded) {
                  events.add(
                      SimpleConditionEvent.violated(
                          method, method.getFullName() + " takes no " + caller));
                }
              }
            })
        .as("every public MessageService method takes the Caller it checks");
  }

  /** No package tangles among the first-level packages under the root. */
  static ArchRule noCyclesBetweenFirstLevelPackages(String root) {
    return slices().matching(root + ".(*)..").should().beFreeOfCycles();
  }
}
