package io.dugout.room;

/**
 * Whether this node hears the {@link RoomEvent}s of every node, for state a node keeps from them.
 *
 * <p>{@link #epoch} names an unbroken stretch of hearing. While it returns one value, nothing this
 * node can see has cost it an event; it changes whenever something may have (a dropped connection
 * to the carrier, a subscription confirmed again), and it is {@link #DEAF} while the node may not
 * hear events at all (the carrier is away, or its channel is not subscribed). A keeper stamps what
 * it keeps with the epoch it read before, and trusts it only while the epoch is the same.
 *
 * <p>Not a promise of delivery: an event can still be lost without the epoch changing (a publish
 * that the carrier refused, a connection that died without a word), so a keeper also bounds how
 * long it trusts anything it keeps. Thread-safe and cheap: asked on every membership check.
 */
public interface RoomEventFeed {

  /** The epoch while this node may not hear room events: keep nothing, trust nothing kept. */
  long DEAF = -1;

  /**
   * One node: every membership change is made in this process, and its event is published to this
   * node's listeners in the same call, after it is stored. The epoch never changes.
   */
  RoomEventFeed SINGLE_NODE = () -> 0;

  /** The current stretch of unbroken hearing, or {@link #DEAF}. */
  long epoch();
}
