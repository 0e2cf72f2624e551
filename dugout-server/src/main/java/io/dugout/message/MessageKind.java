package io.dugout.message;

/** What a message carries. */
public enum MessageKind {
  TEXT,
  EMOJI,
  IMAGE,
  FILE,
  /** Written by Dugout itself (joins, leaves) or by the product's backend with a service token. */
  SYSTEM;

  /** Whether a message of this kind must carry at least one attachment. */
  boolean needsAttachment() {
    return this == IMAGE || this == FILE;
  }
}
