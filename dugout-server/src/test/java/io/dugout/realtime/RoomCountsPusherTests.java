package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.notification.NotificationFanout;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.RoomCounts;
import io.dugout.room.RoomService;
import io.dugout.room.RoomStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * In a cluster the counts of every room gathered in one batch come from one read of their members,
 * and go to the other nodes in one publish.
 */
class RoomCountsPusherTests {

  private final List<String> reads = new ArrayList<>();
  private final List<List<RoomCounts>> published = new ArrayList<>();

  @Test
  void inAClusterTheRoomsOfABatchAreReadTogetherAndPublishedTogether() {
    var pusher = pusher();

    pusher.push(
        RoomCountsBatch.of(
            List.of(message("r1", 1, "alice"), message("r2", 1, "bob"), message("r1", 2, "bob"))));

    assertThat(reads).containsExactly("members of [r1, r2]");
    assertThat(published).hasSize(1);
    assertThat(published.getFirst())
        .containsExactlyInAnyOrder(
            new RoomCounts("alice", "r1", 2, 1, 0),
            new RoomCounts("bob", "r1", 2, 0, 0),
            new RoomCounts("bob", "r2", 1, 0, 0),
            new RoomCounts("carol", "r2", 1, 1, 0));
  }

  private RoomCountsPusher pusher() {
    var beans = new DefaultListableBeanFactory();
    beans.registerSingleton("fanout", fanout());
    var subscriptions = new Subscriptions();
    return new RoomCountsPusher(
        rooms(),
        null,
        subscriptions,
        new RoomBroadcaster(
            subscriptions,
            JsonMapper.builder().build(),
            beans.getBeanProvider(RoomService.class),
            e -> {}),
        beans.getBeanProvider(NotificationFanout.class),
        new SimpleMeterRegistry());
  }

  /** Rooms r1 (alice, bob) and r2 (bob, carol); records every read. */
  private RoomStore rooms() {
    var members =
        Map.of(
            "r1", List.of(member("r1", "alice"), member("r1", "bob")),
            "r2", List.of(member("r2", "bob"), member("r2", "carol")));
    return (RoomStore)
        Proxy.newProxyInstance(
            RoomStore.class.getClassLoader(),
            new Class<?>[] {RoomStore.class},
            (proxy, method, args) -> {
              if (method.getName().equals("members") && args[0] instanceof Collection<?> ids) {
                reads.add("members of " + ids);
                var found = new java.util.LinkedHashMap<String, List<Member>>();
                ids.forEach(id -> found.put((String) id, members.get(id)));
                return found;
              }
              reads.add(method.getName() + " " + List.of(args));
              throw new AssertionError("not read in a cluster: " + method.getName());
            });
  }

  private NotificationFanout fanout() {
    return (NotificationFanout)
        Proxy.newProxyInstance(
            NotificationFanout.class.getClassLoader(),
            new Class<?>[] {NotificationFanout.class},
            (proxy, method, args) -> {
              if (method.getName().equals("publishCounts")) {
                @SuppressWarnings("unchecked")
                var counts = (List<RoomCounts>) args[0];
                published.add(counts);
              }
              return null;
            });
  }

  private static Member member(String roomId, String userId) {
    return new Member(roomId, userId, MemberRole.MEMBER, Instant.EPOCH, 0, false);
  }

  private static Message message(String roomId, long seq, String senderId) {
    return new Message(
        roomId, seq, senderId, MessageKind.TEXT, "m" + seq, List.of(), "c" + seq, Instant.EPOCH);
  }
}
