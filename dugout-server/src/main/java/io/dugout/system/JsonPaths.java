package io.dugout.system;

import tools.jackson.core.JacksonException;

/** Renders where in a JSON document a parse failed, as {@code attachments[0].size}. */
public final class JsonPaths {

  private JsonPaths() {}

  public static String of(JacksonException e) {
    var path = new StringBuilder();
    for (JacksonException.Reference ref : e.getPath()) {
      if (ref.getPropertyName() != null) {
        if (!path.isEmpty()) {
          path.append('.');
        }
        path.append(ref.getPropertyName());
      } else if (ref.getIndex() >= 0) {
        path.append('[').append(ref.getIndex()).append(']');
      }
    }
    return path.isEmpty() ? "body" : path.toString();
  }
}
