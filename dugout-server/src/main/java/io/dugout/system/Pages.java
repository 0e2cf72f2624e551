package io.dugout.system;

/**
 * The one rule for page sizes: a default when absent, 400 naming {@code limit} when out of range.
 */
public final class Pages {

  private Pages() {}

  public static int size(Integer limit, int defaultSize, int maxSize) {
    if (limit == null) {
      return defaultSize;
    }
    if (limit < 1 || limit > maxSize) {
      throw DugoutException.invalid("limit", "must be between 1 and " + maxSize);
    }
    return limit;
  }
}
