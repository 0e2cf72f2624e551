package io.dugout.importer;

/**
 * A line the import left out, and why.
 *
 * @param line its number in the file, counted from 1
 * @param reason what is wrong with it, in words an operator can act on
 */
public record Rejection(long line, String reason) {

  @Override
  public String toString() {
    return "line " + line + ": " + reason;
  }
}
