package io.dugout.screen;

import java.io.ByteArrayOutputStream;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A response body kept up to a limit: a backend that answers more than any answer can be is not
 * read into memory beyond it. Fed by the HTTP client one piece at a time.
 */
final class BoundedBody implements Consumer<Optional<byte[]>> {

  private final int limit;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private boolean overflowed;

  BoundedBody(int limit) {
    this.limit = limit;
  }

  @Override
  public void accept(Optional<byte[]> piece) {
    if (piece.isEmpty() || overflowed) {
      return;
    }
    byte[] data = piece.get();
    if (bytes.size() + data.length > limit) {
      overflowed = true;
      return;
    }
    bytes.writeBytes(data);
  }

  boolean overflowed() {
    return overflowed;
  }

  byte[] bytes() {
    return bytes.toByteArray();
  }
}
