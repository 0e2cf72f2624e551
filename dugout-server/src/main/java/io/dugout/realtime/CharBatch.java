package io.dugout.realtime;

/** A batch of frames as characters, for a writer that encodes them itself. */
final class CharBatch implements FrameBatch {

  private final StringBuilder text;

  CharBatch(int expectedChars) {
    text = new StringBuilder(expectedChars);
  }

  @Override
  public void append(String frame) {
    text.append(frame);
  }

  @Override
  public void append(Outgoing.Shared frame) {
    var parts = frame.parts();
    text.append(parts.head()).append(frame.subscriptionId()).append(parts.tail());
  }

  @Override
  public int size() {
    return text.length();
  }

  @Override
  public void discard() {}

  /** Copies its characters into {@code chars} from index 0. */
  void getChars(char[] chars) {
    text.getChars(0, text.length(), chars, 0);
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
