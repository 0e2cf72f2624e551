package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link RoomStore} adapter must have.
 *
 * <p>Over 300 lines: it is the one contract the RocksDB and both MongoDB adapters run, so it holds
 * every guarantee of the port in one place.
 */
public abstract class RoomStoreContract {

  private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");

  protected RoomStore store;

  protected abstract RoomStore openEmpty() throws Exception;

  protected abstract RoomStore reopen() throws Exception;

  protected abstract void close() throws Exception;

  /** The message store beside the room store, on the same storage. */
  protected abstract MessageStore messages();

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  @Test
  void findsACreatedRoomWithItsMembers() {
    var room = group("r1");
    var created = store.create(room, members("r1", "alice", "bob"));
    assertThat(created.created()).isTrue();
    assertThat(store.find("r1")).contains(room);
    assertThat(store.members("r1")).extracting(Member::userId).containsExactly("alice", "bob");
    assertThat(store.findMember("r1", "bob"))
        .get()
        .extracting(Member::role)
        .isEqualTo(MemberRole.MEMBER);
    assertThat(store.roomIdsOf("alice")).containsExactly("r1");
  }

  @Test
  void readsTheMembersOfManyRoomsAsEachRoomsOwn() {
    store.create(group("r1"), members("r1", "alice", "bob"));
    store.create(group("r2"), members("r2", "carol"));
    store.create(group("r3"), members("r3", "bob", "dave", "alice"));
    store.addMember(new Member("r2", "erin", MemberRole.MEMBER, Instant.now(), 0, false));
    store.markRead("r1", "bob", 3, 2);
    store.mention("r3", List.of("dave"), 4);

    var found = store.members(List.of("r3", "r1", "nope", "r2"));

    assertThat(found).containsOnlyKeys("r1", "r2", "r3");
    for (String roomId : List.of("r1", "r2", "r3")) {
      assertThat(found.get(roomId)).as(roomId).isEqualTo(store.members(roomId));
    }
    assertThat(store.members(List.of())).isEmpty();
  }

  @Test
  void findsNothingForUnknownRoomsAndMembers() {
    assertThat(store.find("nope")).isEmpty();
    assertThat(store.findMember("nope", "alice")).isEmpty();
    assertThat(store.members("nope")).isEmpty();
    assertThat(store.roomIdsOf("nobody")).isEmpty();
  }

  @Test
  void returnsTheExistingRoomForAUniqueKeyThatIsTaken() {
    var first = store.create(direct("d1", "K"), members("d1", "alice", "bob"));
    var second = store.create(direct("d2", "K"), members("d2", "alice", "bob"));
    assertThat(first.created()).isTrue();
    assertThat(second.created()).isFalse();
    assertThat(second.room().id()).isEqualTo("d1");
    assertThat(store.find("d2")).isEmpty();
    assertThat(store.roomIdsOf("alice")).containsExactly("d1");
  }

  @Test
  void createsExactlyOneRoomWhenCreationsWithOneKeyRace() throws Exception {
    var ids = Collections.synchronizedList(new ArrayList<String>());
    var start = new CountDownLatch(1);
    try (var pool = Executors.newFixedThreadPool(8)) {
      for (int i = 0; i < 8; i++) {
        String id = "race-" + i;
        pool.submit(
            () -> {
              start.await();
              ids.add(store.create(direct(id, "pair"), members(id, "alice", "bob")).room().id());
              return null;
            });
      }
      start.countDown();
    }
    assertThat(ids).hasSize(8).containsOnly(ids.getFirst());
    assertThat(store.roomIdsOf("alice")).containsExactly(ids.getFirst());
  }

  @Test
  void addsAndRemovesMembersOnce() {
    store.create(group("r1"), members("r1", "alice"));
    var carol = new Member("r1", "carol", MemberRole.MEMBER, NOW, 0);
    assertThat(store.addMember(carol)).isTrue();
    assertThat(store.addMember(carol)).isFalse();
    assertThat(store.roomIdsOf("carol")).containsExactly("r1");
    assertThat(store.removeMember("r1", "carol")).isTrue();
    assertThat(store.removeMember("r1", "carol")).isFalse();
    assertThat(store.findMember("r1", "carol")).isEmpty();
    assertThat(store.roomIdsOf("carol")).isEmpty();
  }

  @Test
  void aMemberReadBeforeItLeftIsNotFoundAfterAndComesBackAsRejoined() {
    store.create(group("r1"), members("r1", "alice", "carol"));
    assertThat(store.findMember("r1", "carol")).isPresent();

    store.removeMember("r1", "carol");

    assertThat(store.findMember("r1", "carol")).isEmpty();
    assertThat(store.markRead("r1", "carol", 2, 2)).isEmpty();
    store.addMember(new Member("r1", "carol", MemberRole.OWNER, NOW, 0));
    assertThat(store.findMember("r1", "carol"))
        .get()
        .extracting(Member::role)
        .isEqualTo(MemberRole.OWNER);
  }

  @Test
  void aMemberWhoLeftAndRejoinedStartsFromTheMarkerItRejoinedWith() throws Exception {
    store.create(group("r1"), members("r1", "alice", "carol"));
    store.markRead("r1", "carol", 9, 9);
    store.removeMember("r1", "carol");

    store.addMember(new Member("r1", "carol", MemberRole.MEMBER, NOW.plusSeconds(1), 2));

    assertThat(store.findMember("r1", "carol")).get().extracting(Member::lastReadSeq).isEqualTo(2L);
    assertThat(markerIn(store.members("r1"), "carol")).isEqualTo(2);
    store = reopen();
    assertThat(store.findMember("r1", "carol")).get().extracting(Member::lastReadSeq).isEqualTo(2L);
    assertThat(markerIn(store.members("r1"), "carol")).isEqualTo(2);
    assertThat(store.markRead("r1", "carol", 4, 4))
        .get()
        .extracting(Member::lastReadSeq)
        .isEqualTo(4L);
  }

  @Test
  void aMarkerOrMuteIsSeenByTheNextReadOfTheMember() {
    store.create(group("r1"), members("r1", "alice"));
    assertThat(store.findMember("r1", "alice")).get().extracting(Member::lastReadSeq).isEqualTo(0L);

    store.markRead("r1", "alice", 7, 7);
    assertThat(store.findMember("r1", "alice")).get().extracting(Member::lastReadSeq).isEqualTo(7L);
    store.setMuted("r1", "alice", true);
    assertThat(store.findMember("r1", "alice")).get().extracting(Member::muted).isEqualTo(true);
  }

  @Test
  void theMemberListShowsEveryWriteOfAMemberOnceItReturned() {
    assertThat(store.members("r1")).isEmpty();
    assertThat(store.find("r1")).isEmpty();
    store.create(group("r1"), members("r1", "alice", "bob"));
    assertThat(store.members("r1")).extracting(Member::userId).containsExactly("alice", "bob");
    assertThat(store.members("r1")).extracting(Member::userId).containsExactly("alice", "bob");
    assertThat(store.find("r1")).contains(group("r1"));
    assertThat(store.find("r1")).contains(group("r1"));

    store.addMember(new Member("r1", "carol", MemberRole.MEMBER, NOW.plusSeconds(1), 3));
    assertThat(store.members("r1"))
        .extracting(Member::userId)
        .containsExactly("alice", "bob", "carol");
    store.markRead("r1", "bob", 9, 9);
    assertThat(markerIn(store.members("r1"), "bob")).isEqualTo(9);
    store.setMuted("r1", "alice", true);
    assertThat(store.members("r1"))
        .filteredOn(Member::muted)
        .extracting(Member::userId)
        .containsExactly("alice");
    store.removeMember("r1", "bob");
    assertThat(store.members("r1")).extracting(Member::userId).containsExactly("alice", "carol");
    assertThat(store.members("r2")).isEmpty();
  }

  @Test
  void everyWriteIsSeenOnceItReturnedWhileOthersReadAndWriteTheRoom() throws Exception {
    store.create(group("r1"), members("r1", "u0", "u1", "u2", "u3"));
    var failures = Collections.synchronizedList(new ArrayList<String>());
    var start = new CountDownLatch(1);
    var workers = new ArrayList<Future<?>>();
    try (var pool = Executors.newFixedThreadPool(5)) {
      for (int i = 0; i < 4; i++) {
        String user = "u" + i;
        workers.add(
            pool.submit(
                () -> {
                  start.await();
                  for (long seq = 1; seq <= 40; seq++) {
                    store.markRead("r1", user, seq, seq);
                    long seen = store.findMember("r1", user).orElseThrow().lastReadSeq();
                    if (seen < seq) {
                      failures.add(user + " marked " + seq + " but read " + seen);
                    }
                    long listed = markerIn(store.members("r1"), user);
                    if (listed < seq) {
                      failures.add(user + " marked " + seq + " but the list had " + listed);
                    }
                  }
                  return null;
                }));
      }
      workers.add(
          pool.submit(
              () -> {
                start.await();
                for (int round = 0; round < 20; round++) {
                  store.removeMember("r1", "x");
                  if (store.findMember("r1", "x").isPresent()) {
                    failures.add("x found after it was removed, round " + round);
                  }
                  if (markerIn(store.members("r1"), "x") >= 0) {
                    failures.add("x listed after it was removed, round " + round);
                  }
                  store.addMember(new Member("r1", "x", MemberRole.MEMBER, NOW, round));
                  var x = store.findMember("r1", "x");
                  if (x.isEmpty() || x.get().lastReadSeq() != round) {
                    failures.add("x not found as added in round " + round + ": " + x);
                  }
                  if (markerIn(store.members("r1"), "x") != round) {
                    failures.add("x not listed as added in round " + round);
                  }
                  store.findMember("r1", "u" + (round % 4));
                }
                return null;
              }));
      start.countDown();
      for (var worker : workers) {
        worker.get();
      }
    }
    assertThat(failures).isEmpty();
    assertThat(store.members("r1"))
        .filteredOn(m -> m.userId().startsWith("u"))
        .extracting(Member::lastReadSeq)
        .containsOnly(40L);
  }

  @Test
  void onlyMovesReadMarkersForward() {
    store.create(group("r1"), members("r1", "alice"));
    assertThat(store.markRead("r1", "alice", 5, 5))
        .get()
        .extracting(Member::lastReadSeq)
        .isEqualTo(5L);
    assertThat(store.markRead("r1", "alice", 3, 3))
        .get()
        .extracting(Member::lastReadSeq)
        .isEqualTo(5L);
    assertThat(store.findMember("r1", "alice")).get().extracting(Member::lastReadSeq).isEqualTo(5L);
    assertThat(store.markRead("r1", "nobody", 3, 3)).isEmpty();
  }

  @Test
  void mutesAndUnmutesAMemberKeepingItsReadMarker() {
    store.create(group("r1"), members("r1", "alice", "bob"));
    assertThat(store.findMember("r1", "bob")).get().extracting(Member::muted).isEqualTo(false);
    store.markRead("r1", "bob", 4, 4);

    var muted = store.setMuted("r1", "bob", true);

    assertThat(muted).get().extracting(Member::muted).isEqualTo(true);
    assertThat(muted).get().extracting(Member::lastReadSeq).isEqualTo(4L);
    assertThat(store.findMember("r1", "bob")).get().extracting(Member::muted).isEqualTo(true);
    assertThat(store.members("r1"))
        .filteredOn(Member::muted)
        .extracting(Member::userId)
        .containsExactly("bob");
    assertThat(store.setMuted("r1", "bob", true)).get().extracting(Member::muted).isEqualTo(true);
    assertThat(store.findMember("r1", "alice")).get().extracting(Member::muted).isEqualTo(false);
    assertThat(store.setMuted("r1", "nobody", true)).isEmpty();
    assertThat(store.setMuted("nope", "bob", true)).isEmpty();

    store.setMuted("r1", "bob", false);

    assertThat(store.findMember("r1", "bob")).get().extracting(Member::muted).isEqualTo(false);
  }

  @Test
  void setsAMembersRoleKeepingItsReadMarker() {
    store.create(group("r1"), members("r1", "alice", "bob"));
    store.markRead("r1", "bob", 4, 4);

    var admin = store.setRole("r1", "bob", MemberRole.ADMIN);

    assertThat(admin).get().extracting(Member::role).isEqualTo(MemberRole.ADMIN);
    assertThat(admin).get().extracting(Member::lastReadSeq).isEqualTo(4L);
    assertThat(store.findMember("r1", "bob"))
        .get()
        .extracting(Member::role)
        .isEqualTo(MemberRole.ADMIN);
    assertThat(store.members("r1"))
        .filteredOn(m -> m.role() == MemberRole.ADMIN)
        .extracting(Member::userId)
        .containsExactly("bob");
    assertThat(store.setRole("r1", "nobody", MemberRole.ADMIN)).isEmpty();

    store.setRole("r1", "bob", MemberRole.MEMBER);

    assertThat(store.findMember("r1", "bob"))
        .get()
        .extracting(Member::role)
        .isEqualTo(MemberRole.MEMBER);
  }

  @Test
  void movingTheReadMarkerKeepsTheMute() {
    store.create(group("r1"), members("r1", "alice"));
    store.setMuted("r1", "alice", true);
    store.markRead("r1", "alice", 3, 3);
    assertThat(store.findMember("r1", "alice")).get().extracting(Member::muted).isEqualTo(true);
    assertThat(store.listingOf("alice"))
        .singleElement()
        .extracting(l -> l.member().muted())
        .isEqualTo(true);
  }

  @Test
  void keepsTheMuteAcrossRestart() throws Exception {
    store.create(group("r1"), members("r1", "alice"));
    store.setMuted("r1", "alice", true);
    store = reopen();
    assertThat(store.findMember("r1", "alice")).get().extracting(Member::muted).isEqualTo(true);
  }

  @Test
  void keepsRoomsMembersAndMarkersAcrossRestart() throws Exception {
    store.create(direct("d1", "K"), members("d1", "alice", "bob"));
    store.markRead("d1", "bob", 7, 7);
    store = reopen();
    assertThat(store.find("d1")).isPresent();
    assertThat(store.findMember("d1", "bob")).get().extracting(Member::lastReadSeq).isEqualTo(7L);
    assertThat(store.create(direct("d9", "K"), members("d9", "alice", "bob")).room().id())
        .isEqualTo("d1");
  }

  @Test
  void listsEveryRoomOfAUserAndNoOtherUsersRooms() {
    store.create(group("r1"), members("r1", "alice"));
    store.create(group("r2"), members("r2", "alice", "bob"));
    store.create(group("r3"), members("r3", "bob"));
    store.create(group("r4"), members("r4", "alice2"));
    assertThat(store.roomIdsOf("alice")).containsExactlyInAnyOrder("r1", "r2");
  }

  @Test
  void listsEachRoomOfAUserWithItsNewestMessageAndTheUsersMarker() {
    createAlicesRoomsAndOneOther();
    var messages = messages();
    for (long seq = 1; seq <= 3; seq++) {
      messages.write(message("g1", seq));
    }
    messages.write(message("d1", 1));
    messages.write(message("other", 1));
    store.markRead("g1", "alice", 2, 2);

    var listing = store.listingOf("alice");

    assertThat(listing).extracting(l -> l.room().id()).containsExactlyInAnyOrder("g1", "d1", "g2");
    var g1 = entry(listing, "g1");
    assertThat(g1.newest()).isEqualTo(message("g1", 3));
    assertThat(g1.member().userId()).isEqualTo("alice");
    assertThat(g1.member().lastReadSeq()).isEqualTo(2L);
    assertThat(g1.members()).as("a group's members are not listed").isNull();
    var d1 = entry(listing, "d1");
    assertThat(d1.room()).isEqualTo(direct("d1", "K"));
    assertThat(d1.newest().seq()).isEqualTo(1L);
    assertThat(d1.members()).extracting(Member::userId).containsExactly("alice", "bob");
    assertThat(entry(listing, "g2").newest()).isNull();
    assertThat(store.listingOf("nobody")).isEmpty();
  }

  @Test
  void countsAUsersUnreadMessagesOverAllRoomsAsTheListingDoes() {
    createAlicesRoomsAndOneOther();
    var messages = messages();
    messages.write(message("g1", 1));
    messages.write(message("d1", 1));
    assertThat(store.unreadTotal("alice")).isEqualTo(2);

    messages.write(message("g1", 2));
    // why: entries whose ordinal lags their seq, as a change entry's and those after it do
    messages.write(entry("g1", 3, 2));
    messages.write(entry("g1", 4, 3));
    messages.write(message("d1", 2));
    messages.write(message("other", 1));
    store.markRead("g1", "alice", 2, 2);
    store.setMuted("d1", "alice", true);

    assertThat(store.unreadTotal("alice"))
        .as("g1 one message past the marker, d1 two though muted, g2 none")
        .isEqualTo(3);
    assertThat(store.unreadTotal("alice"))
        .isEqualTo(
            store.listingOf("alice").stream()
                .mapToLong(l -> l.newest() == null ? 0 : l.member().unreadAt(l.newest().ordinal()))
                .sum());
    assertThat(store.unreadTotal("nobody")).isZero();
    store.removeMember("d1", "alice");
    assertThat(store.unreadTotal("alice")).as("a room left counts no more").isEqualTo(1);
  }

  @Test
  void listsNoRoomTheUserLeft() {
    store.create(group("g1"), members("g1", "alice", "bob"));
    store.create(group("g2"), members("g2", "alice", "bob"));
    store.removeMember("g1", "bob");
    assertThat(store.listingOf("bob")).extracting(l -> l.room().id()).containsExactly("g2");
  }

  /** Alice in g1 and d1 with bob and alone in g2; bob alone in other. */
  private void createAlicesRoomsAndOneOther() {
    store.create(group("g1"), members("g1", "alice", "bob"));
    store.create(direct("d1", "K"), members("d1", "alice", "bob"));
    store.create(group("g2"), members("g2", "alice"));
    store.create(group("other"), members("other", "bob"));
  }

  private static RoomStore.Listing entry(List<RoomStore.Listing> listing, String roomId) {
    return listing.stream().filter(l -> l.room().id().equals(roomId)).findFirst().orElseThrow();
  }

  private static Message entry(String roomId, long seq, long ordinal) {
    return new Message(
        roomId,
        seq,
        ordinal,
        "bob",
        MessageKind.TEXT,
        "hello " + seq,
        List.of(),
        "c-" + roomId + "-" + seq,
        NOW.plusSeconds(seq));
  }

  private static Message message(String roomId, long seq) {
    return entry(roomId, seq, seq);
  }

  @Test
  void aMemberListIsUnmodifiableAndNotHandedOutAgainAfterAMemberWrite() {
    store.create(group("r1"), members("r1", "alice", "bob"));
    var lists = new ArrayList<List<Member>>();
    lists.add(store.members("r1"));
    assertThatThrownBy(() -> lists.getFirst().clear())
        .isInstanceOf(UnsupportedOperationException.class);

    store.markRead("r1", "alice", 3, 3);
    lists.add(store.members("r1"));
    store.setMuted("r1", "bob", true);
    lists.add(store.members("r1"));
    store.addMember(members("r1", "x", "carol").get(1));
    lists.add(store.members("r1"));
    store.removeMember("r1", "carol");
    lists.add(store.members("r1"));

    // why: a reader may keep what it made of a list for as long as the store hands out that list
    for (int i = 1; i < lists.size(); i++) {
      assertThat(lists.get(i)).as("list after write %d", i).isNotSameAs(lists.get(i - 1));
    }
    assertThat(markerIn(lists.get(1), "alice")).isEqualTo(3);
    assertThat(lists.get(2)).filteredOn(Member::muted).extracting(Member::userId).contains("bob");
    assertThat(lists.get(3)).extracting(Member::userId).contains("carol");
    assertThat(lists.get(4)).extracting(Member::userId).containsExactly("alice", "bob");
  }

  protected static Room group(String id) {
    return new Room(id, RoomType.GROUP, "title", null, NOW, null);
  }

  private static Room direct(String id, String key) {
    return new Room(id, RoomType.DIRECT, null, null, NOW, key);
  }

  protected static List<Member> members(String roomId, String... userIds) {
    var members = new ArrayList<Member>();
    for (int i = 0; i < userIds.length; i++) {
      members.add(
          new Member(
              roomId,
              userIds[i],
              i == 0 ? MemberRole.OWNER : MemberRole.MEMBER,
              NOW.plusMillis(i),
              0));
    }
    return members;
  }

  /** The member's read marker in the list, or -1 when the list does not hold the member. */
  private static long markerIn(List<Member> members, String userId) {
    return members.stream()
        .filter(m -> m.userId().equals(userId))
        .mapToLong(Member::lastReadSeq)
        .findFirst()
        .orElse(-1);
  }
}
