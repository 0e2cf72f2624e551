package io.dugout.cluster.kafka;

import io.dugout.message.EntryRenderer;
import io.dugout.message.Fanout;
import io.dugout.message.Message;
import io.dugout.message.MessageListener;
import io.dugout.message.MessageStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live delivery on one cluster node: hands each followed room's messages to the node's {@link
 * MessageListener}s one at a time, in seq order, with no gap and no repeat — whatever order, and
 * however incomplete, the {@link Fanout} brings them in.
 *
 * <p>Per room it keeps the last seq it delivered. A message right after it is delivered at once; an
 * older one is dropped (already delivered); a later one waits while the missing seqs are read from
 * the store (which has them: only durable messages are published). {@link #check} compares every
 * followed room with the store, for a lost message after which nothing came, and stops following
 * rooms no listener wants any more.
 */
final class RoomFeeds {

  private static final Logger log = LoggerFactory.getLogger(RoomFeeds.class);

  /** Messages held back per room while a gap is filled; beyond it the store is read instead. */
  private static final int MAX_PENDING = 10_000;

  private static final int FILL_PAGE = 500;

  private final MessageStore store;
  private final EntryRenderer renderer;
  private final List<MessageListener> listeners;
  private final Fanout fanout;
  private final Map<String, Feed> feeds = new ConcurrentHashMap<>();
  private final AtomicLong filled = new AtomicLong();
  private final Predicate<RuntimeException> outageLogged;

  /**
   * @param outageLogged whether a failure belongs to a backend outage already logged once (then it
   *     is logged at DEBUG: a gap check of every followed room must not log each room)
   */
  RoomFeeds(
      MessageStore store,
      List<MessageListener> listeners,
      Fanout fanout,
      Predicate<RuntimeException> outageLogged) {
    this.store = store;
    this.renderer = new EntryRenderer(store);
    this.listeners = List.copyOf(listeners);
    this.fanout = fanout;
    this.outageLogged = outageLogged;
  }

  /**
   * Runs {@code action} with the last seq delivered on this node for the room, while no message of
   * the room is delivered: what it registers gets every later message and none earlier. The first
   * call for a room follows it and starts at the store's last seq.
   */
  <T> T atLastDelivered(String roomId, LongFunction<T> action) {
    for (int attempt = 0; attempt < 100; attempt++) {
      var feed = feeds.computeIfAbsent(roomId, Feed::new);
      synchronized (feed) {
        if (feed.closed) {
          continue; // why: check() dropped it between the lookup and the lock; take a new one
        }
        if (!feed.started) {
          // why: follow first, then read: a message stored after the read is published after the
          // follow, so it arrives or leaves a gap that the next message or check() fills
          feed.subscribed = fanout.follow(roomId);
          feed.last = store.lastSeq(roomId);
          feed.started = true;
        }
        return action.apply(feed.last);
      }
    }
    throw new IllegalStateException("room " + roomId + " feed kept closing under a subscriber");
  }

  /**
   * A durable message, from the fanout or from this node's own sequencing. Never waits for the
   * store: a gap is filled on another thread.
   */
  void offer(Message message) {
    offer(message, false);
  }

  /**
   * A durable message this node's sender is waiting for: a gap before it is filled on the calling
   * thread, so that the sender's own subscription has the message before its receipt goes out.
   */
  void offerAndWait(Message message) {
    offer(message, true);
  }

  private void offer(Message message, boolean mayWait) {
    var feed = feeds.get(message.roomId());
    if (feed == null || !feed.started) {
      return; // nobody here follows the room, or the first reader is still reading its last seq
    }
    boolean gap;
    synchronized (feed) {
      if (feed.closed || message.seq() <= feed.last) {
        return;
      }
      if (message.seq() == feed.last + 1) {
        deliver(feed, message);
        drainPending(feed);
        return;
      }
      if (feed.pending.size() < MAX_PENDING) {
        feed.pending.put(message.seq(), message);
      }
      gap = true;
    }
    if (gap && mayWait) {
      fillQuietly(feed, message.seq());
    } else if (gap) {
      // why: offer runs on the fanout's receiving thread, which must never wait for the store
      long upTo = message.seq();
      Thread.ofVirtual()
          .name("dugout-fill-" + message.roomId())
          .start(() -> fillQuietly(feed, upTo));
    }
  }

  /**
   * Closes every followed room's gap up to the store's last seq, and stops following rooms that no
   * listener follows any more. Called periodically.
   */
  void check() {
    var compared = new ArrayList<Feed>();
    for (var feed : feeds.values()) {
      if (!feed.started) {
        continue;
      }
      if (!followed(feed.roomId)) {
        synchronized (feed) {
          if (!followed(feed.roomId)) {
            feed.closed = true;
            feeds.remove(feed.roomId, feed);
            fanout.unfollow(feed.roomId);
            continue;
          }
        }
      }
      if (!feed.subscribed) {
        // why: until the subscription works, these checks alone deliver the room (late, in order)
        feed.subscribed = fanout.follow(feed.roomId);
      }
      compared.add(feed);
    }
    if (compared.isEmpty()) {
      return;
    }
    Map<String, Long> stored;
    try {
      // why: one read for all the rooms, not one per room: a node delivering 10,000 rooms would
      // otherwise read the store 5,000 times a second at the default interval, busy or not
      stored = store.lastSeqs(compared.stream().map(feed -> feed.roomId).toList());
    } catch (RuntimeException e) {
      warn(e, "Could not compare the {} rooms delivered here with the store: {}", compared.size());
      return;
    }
    for (var feed : compared) {
      long last = stored.getOrDefault(feed.roomId, 0L);
      if (last > feed.last) {
        fillQuietly(feed, last + 1);
      }
    }
  }

  private void warn(RuntimeException e, String message, Object subject) {
    if (outageLogged.test(e)) {
      log.debug(message, subject, e.toString());
    } else {
      log.warn(message, subject, e.toString());
    }
  }

  /** How many messages were delivered from the store because their publish was lost. */
  long filled() {
    return filled.get();
  }

  /** How many rooms this node follows. */
  int followed() {
    return feeds.size();
  }

  private void fillQuietly(Feed feed, long upTo) {
    try {
      fill(feed, upTo);
    } catch (RuntimeException e) {
      // why: the next message of the room or the next check() tries again
      warn(e, "Could not fill a gap in room {} from the store: {}", feed.roomId);
    }
  }

  /** Reads the seqs after the last delivered one, below {@code upTo}, and delivers them. */
  private void fill(Feed feed, long upTo) {
    for (int page = 0; page < 1_000; page++) {
      long from = feed.last;
      if (from + 1 >= upTo) {
        return;
      }
      // why: a change is delivered with its target as it is now, as every reader gets it
      var missing =
          renderer.render(
              feed.roomId,
              store.after(feed.roomId, from, (int) Math.min(FILL_PAGE, upTo - from - 1)));
      synchronized (feed) {
        for (var message : missing) {
          if (feed.closed) {
            return;
          }
          if (message.seq() == feed.last + 1) {
            filled.incrementAndGet(); // why: counted before a reader can see it
            deliver(feed, message);
          }
        }
        drainPending(feed);
      }
      if (missing.isEmpty()) {
        return; // why: not readable yet (a lagging read); the next message or check() retries
      }
    }
  }

  private void drainPending(Feed feed) {
    while (!feed.pending.isEmpty()) {
      var first = feed.pending.firstEntry();
      if (first.getKey() <= feed.last) {
        feed.pending.pollFirstEntry();
      } else if (first.getKey() == feed.last + 1) {
        deliver(feed, feed.pending.pollFirstEntry().getValue());
      } else {
        return;
      }
    }
  }

  private void deliver(Feed feed, Message message) {
    feed.last = message.seq();
    for (var listener : listeners) {
      listener.messagePosted(message);
    }
  }

  private boolean followed(String roomId) {
    for (var listener : listeners) {
      if (listener.follows(roomId)) {
        return true;
      }
    }
    return false;
  }

  /** One followed room; guarded by its own monitor. */
  private static final class Feed {
    final String roomId;
    final TreeMap<Long, Message> pending = new TreeMap<>();
    volatile boolean started;
    volatile boolean subscribed;
    volatile long last;
    boolean closed;

    Feed(String roomId) {
      this.roomId = roomId;
    }
  }
}
