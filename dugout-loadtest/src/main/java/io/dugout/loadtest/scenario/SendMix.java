package io.dugout.loadtest.scenario;

import io.dugout.loadtest.stomp.EntryType;
import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * What one user of a live load sends next: a new message or, in the given shares of its sends, an
 * edit of one of its own recent messages, or a reaction added to or removed from a recent message
 * of its room. It learns what it needs from the entries delivered to the user's subscription.
 *
 * <p>Every change it picks adds an entry to the room's log, so it owes its deliveries exactly as a
 * message does. Dugout adds no entry for a reaction the user already has, nor for removing one it
 * does not have; so a reaction is added only when the user has none with that emoji on that message
 * and none is under way, and only a reaction whose adding was delivered is removed. An edit always
 * adds one. When the change drawn is not possible yet (no own message delivered, no message in the
 * room), a message goes instead: the counts by kind report what was sent.
 *
 * <p>Not thread-safe: one per session, used on its I/O thread.
 */
final class SendMix {

  /**
   * The shares of a user's sends that are edits and reactions; the rest are messages.
   *
   * @param edits from 0 to 1
   * @param reactions from 0 to 1, at most {@code 1 - edits}
   */
  record Shares(double edits, double reactions) {

    static final Shares NONE = new Shares(0, 0);

    Shares {
      if (edits < 0 || reactions < 0 || edits + reactions > 1) {
        throw new IllegalArgumentException(
            "shares must be from 0 to 1 and add up to at most 1: " + edits + ", " + reactions);
      }
    }

    boolean any() {
      return edits > 0 || reactions > 0;
    }
  }

  /** One send: its type, and for a change its target's seq (and emoji for a reaction). */
  record Choice(EntryType type, long seq, String emoji) {}

  static final Choice MESSAGE = new Choice(EntryType.MESSAGE, 0, null);

  /** Four single code points (👍 😂 🎉 👀): any member may use each once per message. */
  static final String[] EMOJI = {"\uD83D\uDC4D", "\uD83D\uDE02", "\uD83C\uDF89", "\uD83D\uDC40"};

  /** Recent messages remembered, of the room and of the user's own. */
  static final int RECENT = 32;

  /**
   * Reactions a user holds and has under way at most; at this many it only removes. So a user's
   * reactions under way are bounded too, even when their deliveries are lost.
   */
  static final int MAX_HELD = 8;

  /**
   * A reaction change under way.
   *
   * @param reaction the message's seq and the index of its emoji, as one number
   */
  private record Pending(long reaction, boolean add) {}

  private final Shares shares;

  private final RandomGenerator random;

  private final long[] roomRecent = new long[RECENT];

  private long roomSeen;

  private final long[] ownRecent = new long[RECENT];

  private long ownSeen;

  private final long[] held = new long[MAX_HELD];

  private int heldCount;

  /** Reaction changes sent and not yet delivered or refused, by the counter of their send. */
  private final Map<Long, Pending> pending = new HashMap<>();

  SendMix(Shares shares, RandomGenerator random) {
    this.shares = shares;
    this.random = random;
  }

  /** What the send with {@code counter} (the send stamp's) carries. */
  Choice next(long counter) {
    if (!shares.any()) {
      return MESSAGE;
    }
    double draw = random.nextDouble();
    if (draw < shares.edits()) {
      return ownSeen == 0 ? MESSAGE : new Choice(EntryType.EDITED, pick(ownRecent, ownSeen), null);
    }
    if (draw < shares.edits() + shares.reactions()) {
      return reaction(counter);
    }
    return MESSAGE;
  }

  /**
   * An entry of type {@code type} at {@code seq} was delivered to this user; {@code own}: this user
   * sent it, with the send stamp's {@code counter}.
   */
  void seen(EntryType type, long seq, boolean own, long counter) {
    if (!shares.any()) {
      return;
    }
    switch (type) {
      case MESSAGE -> {
        roomRecent[(int) (roomSeen++ % RECENT)] = seq;
        if (own) {
          ownRecent[(int) (ownSeen++ % RECENT)] = seq;
        }
      }
      case REACTION_ADDED, REACTION_REMOVED -> {
        Pending done = own ? pending.remove(counter) : null;
        if (done != null && done.add()) {
          held[heldCount++] = done.reaction();
        }
      }
      default -> {}
    }
  }

  /**
   * The server refused this user's send with {@code counter}: what it would have changed did not.
   */
  void refused(long counter) {
    Pending refused = pending.remove(counter);
    if (refused != null && !refused.add()) {
      held[heldCount++] = refused.reaction();
    }
  }

  /** Reactions this user holds, as far as deliveries told it. */
  int held() {
    return heldCount;
  }

  private Choice reaction(long counter) {
    // why: held + under way never exceeds MAX_HELD (each step keeps the sum or lowers it), so the
    // held array cannot overflow
    boolean remove =
        heldCount > 0 && (heldCount + pending.size() >= MAX_HELD || random.nextBoolean());
    if (!remove) {
      Choice added = add(counter);
      if (added != null) {
        return added;
      }
      if (heldCount == 0) {
        return MESSAGE;
      }
    }
    int at = random.nextInt(heldCount);
    long reaction = held[at];
    held[at] = held[--heldCount];
    pending.put(counter, new Pending(reaction, false));
    return new Choice(
        EntryType.REACTION_REMOVED,
        reaction / EMOJI.length,
        EMOJI[(int) (reaction % EMOJI.length)]);
  }

  private Choice add(long counter) {
    if (roomSeen == 0 || heldCount + pending.size() >= MAX_HELD) {
      return null;
    }
    long seq = pick(roomRecent, roomSeen);
    int first = random.nextInt(EMOJI.length);
    for (int i = 0; i < EMOJI.length; i++) {
      int emoji = (first + i) % EMOJI.length;
      long reaction = seq * EMOJI.length + emoji;
      if (!busy(reaction)) {
        pending.put(counter, new Pending(reaction, true));
        return new Choice(EntryType.REACTION_ADDED, seq, EMOJI[emoji]);
      }
    }
    return null;
  }

  private boolean busy(long reaction) {
    for (int i = 0; i < heldCount; i++) {
      if (held[i] == reaction) {
        return true;
      }
    }
    for (Pending change : pending.values()) {
      if (change.reaction() == reaction) {
        return true;
      }
    }
    return false;
  }

  private long pick(long[] recent, long seen) {
    return recent[random.nextInt((int) Math.min(seen, RECENT))];
  }
}
