package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import tools.jackson.databind.JsonNode;

/**
 * Seeds the rooms of {@code history} whose pages carry reactions and replies: messages like the
 * plain rooms', a share of them answering a recent message of their room, each followed by {@code
 * reactions} reactions from as many seeders. The seeders work in parallel, so a room's log
 * interleaves messages and the change entries of reactions as a busy room's does: a page of it
 * holds messages with their reaction summaries and reply previews, and changes that carry their
 * target.
 *
 * @param seederTokens the seeders' own tokens: a reaction is its user's
 * @param replyShare the fraction of messages that answer one of the room's last {@value
 *     #REPLY_WINDOW}
 */
record RichSeeder(
    RunContext context,
    String serviceToken,
    List<String> roomIds,
    List<String> seeders,
    List<String> seederTokens,
    int reactions,
    double replyShare) {

  /** How far back a reply may reach, in messages of its room. */
  static final int REPLY_WINDOW = 100;

  /**
   * What seeding left in each room.
   *
   * @param lastSeq the seq of the room's newest entry, message or change
   * @param lastMessage the seq of the room's newest message
   */
  record Seeded(AtomicLongArray lastSeq, AtomicLongArray lastMessage) {}

  /**
   * Seeds {@code messages} messages, round-robin over the rooms, with their replies and reactions.
   */
  Seeded seed(long messages) {
    int rooms = roomIds.size();
    AtomicLongArray lastMessage = new AtomicLongArray(rooms);
    long[][] recent = new long[rooms][REPLY_WINDOW];
    long[] posted = new long[rooms];
    AtomicLong next = new AtomicLong();
    String content = Messages.content(context.options().integer("message-bytes"));
    Population.parallel(
        seeders.size(),
        s -> {
          SplittableRandom random = new SplittableRandom(s);
          for (long n = next.getAndIncrement(); n < messages; n = next.getAndIncrement()) {
            int room = (int) (n % rooms);
            long replyTo = 0;
            if (random.nextDouble() < replyShare) {
              synchronized (recent[room]) {
                long known = Math.min(posted[room], REPLY_WINDOW);
                replyTo = known == 0 ? 0 : recent[room][(int) random.nextLong(known)];
              }
            }
            String roomId = roomIds.get(room);
            long seq =
                context
                    .api()
                    .postMessage(
                        serviceToken, roomId, seeders.get(s), "seed-" + n, content, replyTo);
            synchronized (recent[room]) {
              recent[room][(int) (posted[room]++ % REPLY_WINDOW)] = seq;
            }
            lastMessage.accumulateAndGet(room, seq, Math::max);
            for (int r = 0; r < reactions; r++) {
              // why: each reaction from another seeder, so every one adds an entry
              int reactor = (s + r) % seeders.size();
              context
                  .api()
                  .react(
                      seederTokens.get(reactor),
                      roomId,
                      seq,
                      SendMix.EMOJI[r % SendMix.EMOJI.length],
                      "seed-" + n + "-r" + r);
            }
            context.metrics().sent.increment();
          }
          return s;
        });
    AtomicLongArray lastSeq = new AtomicLongArray(rooms);
    for (int room = 0; room < rooms; room++) {
      String path = "/api/v1/rooms/" + roomIds.get(room) + "/messages?limit=1";
      JsonNode newest =
          DugoutApi.expectOk(
              context.api().get(seederTokens.get(0), path), "reading the newest entry of a room");
      lastSeq.set(room, newest.path("messages").path(0).path("seq").asLong());
    }
    return new Seeded(lastSeq, lastMessage);
  }
}
