package io.dugout.room;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;

/**
 * What this node read from the store about rooms, answered from memory while the {@link
 * RoomEventFeed} tells it of every change: a change, this node's own or another node's, drops the
 * entries it touches at once, and a read that overlapped a change is used once and not kept.
 * Nothing kept is trusted once the feed's epoch it was read in has changed (a dropped connection, a
 * new subscription) or while the feed is deaf, nor once it is older than the ttl, which bounds how
 * late a node that missed a change's event answers with what it read before. At most {@value
 * #ENTRIES} entries are kept; beyond that the view starts again empty. Thread-safe.
 *
 * @param <K> what a read is about, e.g. a room and a user
 * @param <V> what the store answered
 */
public final class CheckedView<K, V> {

  static final int ENTRIES = 100_000;

  private record Seen<V>(V value, long epoch, long readAtNanos) {}

  private final Supplier<RoomEventFeed> feed;
  private final long ttlNanos;
  private final LongSupplier nanoTime;
  private final ConcurrentHashMap<K, Seen<V>> seen = new ConcurrentHashMap<>();
  private final AtomicLong changes = new AtomicLong();

  public CheckedView(Supplier<RoomEventFeed> feed, long ttlNanos, LongSupplier nanoTime) {
    this.feed = feed;
    this.ttlNanos = ttlNanos;
    this.nanoTime = nanoTime;
  }

  /**
   * The value for {@code key}: from the view when it may answer, else read, and kept when {@code
   * keep} says so (e.g. only a membership found, so that a join on another node counts at once).
   */
  public V get(K key, Function<K, V> read, Predicate<V> keep) {
    long epoch = feed.get().epoch();
    var kept = seen.get(key);
    long now = nanoTime.getAsLong();
    if (kept != null && kept.epoch() == epoch && now - kept.readAtNanos() < ttlNanos) {
      return kept.value();
    }
    long changesBefore = changes.get();
    V value = read.apply(key);
    if (!keep.test(value) || epoch == RoomEventFeed.DEAF || ttlNanos == 0) {
      seen.remove(key);
      return value;
    }
    if (seen.size() >= ENTRIES) {
      seen.clear();
    }
    var entry = new Seen<>(value, epoch, now);
    seen.put(key, entry);
    // why: a change that arrived during the read may be missing from it; its event counts first
    // and drops after, so either this sees the count or the drop sees the entry
    if (changes.get() != changesBefore) {
      seen.remove(key, entry);
    }
    return value;
  }

  /** A change to what {@code key} read: the next get reads the store. */
  public void changed(K key) {
    changes.incrementAndGet();
    seen.remove(key);
  }

  /** A change to what every key {@code which} accepts read (e.g. all of a room's). */
  public void changedWhere(Predicate<K> which) {
    changes.incrementAndGet();
    seen.keySet().removeIf(which);
  }

  /** Whether the view holds {@code key} now (trusted or not). */
  public boolean keeps(K key) {
    return seen.containsKey(key);
  }

  /**
   * The node's room-event feed, looked up at its first use, or {@link RoomEventFeed#SINGLE_NODE}
   * when there is none. why: in a cluster the feed's carrier is made after the beans that ask
   */
  public static Supplier<RoomEventFeed> feedOf(ObjectProvider<RoomEventFeed> provider) {
    return new FeedOnce(provider);
  }

  private static final class FeedOnce implements Supplier<RoomEventFeed> {
    private final ObjectProvider<RoomEventFeed> provider;
    private volatile RoomEventFeed feed;

    FeedOnce(ObjectProvider<RoomEventFeed> provider) {
      this.provider = provider;
    }

    @Override
    public RoomEventFeed get() {
      var found = feed;
      if (found == null) {
        found = provider.getIfAvailable(() -> RoomEventFeed.SINGLE_NODE);
        feed = found;
      }
      return found;
    }
  }
}
