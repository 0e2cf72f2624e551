package io.dugout.message;

/**
 * Which rooms this node sequences now: every room on one node; in a cluster, the rooms of the Kafka
 * partitions of the sends topic that Kafka assigns to this node, which move as nodes come and go.
 * Upkeep that one node per room should do (such as notifying what a stopped node left unnotified)
 * asks it, so that the group membership Kafka keeps decides who does it, not a lock of Dugout's
 * own. While partitions move, two nodes may both answer true for a room for a moment; the work done
 * this way must bear being done twice.
 */
@FunctionalInterface
public interface RoomOwnership {

  /** One node: it sequences every room. */
  RoomOwnership EVERY_ROOM = roomId -> true;

  /** Whether this node sequences {@code roomId} now. */
  boolean sequencesHere(String roomId);
}
