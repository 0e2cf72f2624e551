package io.dugout.fastpath;

/**
 * The query parameters of a request that {@link HotReadFilter} answers, read from the raw query
 * string. The fast path takes only query strings of plain characters (letters, digits, {@code
 * -_.=&}: nothing percent-encoded, no {@code +}), whose raw text is already the decoded text, so
 * this reads them as the servlet container would, without its general parameter parsing (a
 * twentieth of a history page's CPU in a profile).
 */
public final class PlainQuery {

  private final String query;

  /**
   * @param query the request's raw query string of plain characters, or null when it has none
   */
  PlainQuery(String query) {
    this.query = query;
  }

  /**
   * The parameter as a number, null when absent; as the container reads it, {@code name} without
   * {@code =} has the empty value.
   *
   * @throws IllegalArgumentException when it is given more than once or is not a number, or when
   *     the query holds a value without a name (which the container refuses)
   */
  public Long number(String name) {
    String value = null;
    int start = 0;
    while (query != null && start <= query.length()) {
      int end = query.indexOf('&', start);
      if (end < 0) {
        end = query.length();
      }
      int equals = query.indexOf('=', start);
      int nameEnd = equals >= 0 && equals < end ? equals : end;
      if (nameEnd == start && nameEnd < end) {
        throw new IllegalArgumentException("a value without a name");
      }
      if (nameEnd - start == name.length() && query.startsWith(name, start)) {
        if (value != null) {
          throw new IllegalArgumentException(name + " given more than once");
        }
        value = nameEnd == end ? "" : query.substring(nameEnd + 1, end);
      }
      start = end + 1;
    }
    return value == null ? null : Long.valueOf(value);
  }
}
