package io.dugout.system;

/**
 * The servers Dugout's adapters can talk to. Which of them a node uses follows from its selections
 * alone, by one rule: {@link DugoutProperties#uses(Backend)}. A backend a node does not use it
 * never connects to: no client, no health line, no driver preloaded.
 */
public enum Backend {
  /** The cluster store ({@code dugout.store.type=mongodb}). */
  MONGODB,
  /**
   * The history cache ({@code dugout.cache.type=redis}) and cluster mode's fan-out and presence.
   */
  REDIS,
  /** Cluster mode's sequencer and notification topic ({@code dugout.mode=cluster}). */
  KAFKA
}
