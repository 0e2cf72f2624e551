package io.dugout.importer;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What an import did: rooms, members and messages imported by this run or already present, and the
 * lines it left out with their reasons. Filled by one thread.
 */
public final class ImportSummary {

  /** Rejections printed in full; the rest are counted. */
  private static final int PRINTED = 100;

  long roomsImported;
  long roomsPresent;
  long membersImported;
  long membersPresent;
  long messagesImported;
  long messagesPresent;
  double seconds;
  double readSeconds;
  private final List<Rejection> rejected = new ArrayList<>();

  void reject(long line, String reason) {
    rejected.add(new Rejection(line, reason));
  }

  void rejectAll(List<Rejection> rejections) {
    rejected.addAll(rejections);
  }

  public long roomsImported() {
    return roomsImported;
  }

  public long roomsPresent() {
    return roomsPresent;
  }

  public long membersImported() {
    return membersImported;
  }

  public long membersPresent() {
    return membersPresent;
  }

  public long messagesImported() {
    return messagesImported;
  }

  public long messagesPresent() {
    return messagesPresent;
  }

  /** How long the import took, from reading the file to its last write. */
  public double seconds() {
    return seconds;
  }

  /** How long reading and checking the file took, a part of {@link #seconds}. */
  public double readSeconds() {
    return readSeconds;
  }

  /** Messages imported or found present per second of {@link #seconds}. */
  public double messagesPerSecond() {
    return seconds > 0 ? (messagesImported + messagesPresent) / seconds : 0;
  }

  /** The lines left out, ordered by line number. */
  public List<Rejection> rejected() {
    var sorted = new ArrayList<>(rejected);
    sorted.sort((a, b) -> Long.compare(a.line(), b.line()));
    return sorted;
  }

  void print(PrintStream out) {
    out.printf(
        "import done in %.1f s: rooms %d imported, %d already present; members %d imported, %d"
            + " already present; messages %d imported, %d already present (%.0f messages/s);"
            + " %d lines rejected%n",
        seconds,
        roomsImported,
        roomsPresent,
        membersImported,
        membersPresent,
        messagesImported,
        messagesPresent,
        messagesPerSecond(),
        rejected.size());
    var sorted = rejected();
    for (int i = 0; i < Math.min(PRINTED, sorted.size()); i++) {
      out.println("  rejected " + sorted.get(i));
    }
    if (sorted.size() > PRINTED) {
      out.println("  … and " + (sorted.size() - PRINTED) + " more rejected lines");
    }
  }
}
