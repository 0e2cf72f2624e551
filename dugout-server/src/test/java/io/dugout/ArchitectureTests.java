package io.dugout;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tree is the architecture: the package rules of {@code shared/style.md} checked on the
 * server's main classes. {@link #everyRuleCatchesTheViolationPlantedInTheFixture} shows that the
 * rules bite, so a green run means something.
 */
class ArchitectureTests {

  private static final String ROOT = "io.dugout";
  private static final String FIXTURE = "io.dugout.architecture.fixture";
  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);
    assertThat(main.containPackage("io.dugout.store.rocksdb")).isTrue();
    assertThat(main.containPackage("io.dugout.message")).isTrue();
    assertThat(main.containPackage(FIXTURE)).isFalse();
  }

  @Test
  void nothingOutsideTheRocksDbAdapterUsesRocksDb() {
    DugoutArchitecture.onlyRocksDbAdapterUsesRocksDb(ROOT).check(main);
  }

  @Test
  void nothingOutsideTheirAdaptersUsesMongoRedisKafkaOrS3() {
    DugoutArchitecture.onlyMongoAdapterUsesMongo(ROOT).check(main);
    DugoutArchitecture.onlyS3AdapterUsesTheAwsSdk(ROOT).check(main);
    DugoutArchitecture.onlyRedisAdapterUsesRedis(ROOT).check(main);
    DugoutArchitecture.onlyKafkaAdapterUsesKafka(ROOT).check(main);
  }

  @Test
  void onlyThePushAdaptersUseTheirProvidersLibraries() {
    DugoutArchitecture.onlyApnsAdapterUsesPushy(ROOT).check(main);
    DugoutArchitecture.onlyFcmAdapterUsesGoogleAuth(ROOT).check(main);
  }

  @Test
  void onlyTheTransportPackagesUseNettyOrTomcat() {
    DugoutArchitecture.onlyNettyTransportUsesNetty(ROOT).check(main);
    DugoutArchitecture.onlyTomcatTransportUsesTomcat(ROOT).check(main);
  }

  @Test
  void domainPackagesNeverUseAnAdapterPackage() {
    DugoutArchitecture.domainNeverUsesAnAdapter(ROOT).check(main);
  }

  @Test
  void messagesNeverDependOnRooms() {
    DugoutArchitecture.messagesNeverUseRooms(ROOT).check(main);
  }

  @Test
  void roomsAndMessagesReachBlocksOnlyThroughTheirPorts() {
    DugoutArchitecture.roomsAndMessagesNeverUseBlocks(ROOT).check(main);
  }

  @Test
  void sessionsAndRequestsReachBansOnlyThroughAuth() {
    DugoutArchitecture.sessionsAndRequestsReachBansOnlyThroughAuth(ROOT).check(main);
  }

  @Test
  void messageListenersNeverUseAStore() {
    DugoutArchitecture.listenersNeverUseAStore(ROOT).check(main);
  }

  @Test
  void everyPublicMessageServiceMethodChecksItsCaller() {
    DugoutArchitecture.messageServiceChecksEveryCaller(ROOT).check(main);
  }

  @Test
  void fileRightsAreDecidedInOnePlace() {
    DugoutArchitecture.fileRightsAloneAskMembership(ROOT).check(main);
  }

  @Test
  void moderationRightsAreDecidedInOnePlace() {
    DugoutArchitecture.moderationRightsAloneReadModeratorRoles(ROOT).check(main);
  }

  @Test
  void firstLevelPackagesAreFreeOfCycles() {
    DugoutArchitecture.noCyclesBetweenFirstLevelPackages(ROOT).check(main);
  }

  @Test
  void everyRuleCatchesTheViolationPlantedInTheFixture() {
    JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE);
    assertViolated(
        DugoutArchitecture.onlyRocksDbAdapterUsesRocksDb(FIXTURE),
        fixture,
        "RoomReachesIntoRocksDb");
    assertViolated(
        DugoutArchitecture.domainNeverUsesAnAdapter(FIXTURE), fixture, "RoomReachesIntoRocksDb");
    assertViolated(
        DugoutArchitecture.onlyNettyTransportUsesNetty(FIXTURE),
        fixture,
        "SessionThatKnowsItsServers");
    assertViolated(
        DugoutArchitecture.onlyTomcatTransportUsesTomcat(FIXTURE),
        fixture,
        "SessionThatKnowsItsServers");
    assertThat(
            DugoutArchitecture.onlyNettyTransportUsesNetty(FIXTURE)
                .evaluate(fixture)
                .getFailureReport()
                .getDetails())
        .noneMatch(line -> line.contains("FixtureNettyListener"));
    assertViolated(
        DugoutArchitecture.messagesNeverUseRooms(FIXTURE), fixture, "MessageThatKnowsRooms");
    assertViolated(
        DugoutArchitecture.roomsAndMessagesNeverUseBlocks(FIXTURE), fixture, "RoomThatKnowsBlocks");
    assertViolated(
        DugoutArchitecture.sessionsAndRequestsReachBansOnlyThroughAuth(FIXTURE),
        fixture,
        "SessionThatKnowsBans");
    assertViolated(DugoutArchitecture.noCyclesBetweenFirstLevelPackages(FIXTURE), fixture, "Cycle");
    assertViolated(
        DugoutArchitecture.listenersNeverUseAStore(FIXTURE), fixture, "ListenerThatWritesAStore");
    assertViolated(
        DugoutArchitecture.fileRightsAloneAskMembership(FIXTURE),
        fixture,
        "FileThatDecidesMembership");
    assertViolated(
        DugoutArchitecture.moderationRightsAloneReadModeratorRoles(FIXTURE),
        fixture,
        "RoomThatDecidesModeration");
    var unguarded = DugoutArchitecture.messageServiceChecksEveryCaller(FIXTURE).evaluate(fixture);
    assertThat(unguarded.getFailureReport().getDetails())
        .singleElement()
        .asString()
        .contains("MessageService.since(");
    // the adapter itself may use its technology
    assertThat(
            DugoutArchitecture.onlyRocksDbAdapterUsesRocksDb(FIXTURE)
                .evaluate(fixture)
                .getFailureReport()
                .getDetails())
        .noneMatch(line -> line.contains("FixtureRocksDbStore"));
  }

  private static void assertViolated(ArchRule rule, JavaClasses classes, String expected) {
    var result = rule.evaluate(classes);
    assertThat(result.hasViolation()).as("%s", rule.getDescription()).isTrue();
    assertThat(String.join("\n", result.getFailureReport().getDetails())).contains(expected);
  }
}
