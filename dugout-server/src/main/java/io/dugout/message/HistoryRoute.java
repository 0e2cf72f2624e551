package io.dugout.message;

import io.dugout.auth.Caller;
import io.dugout.auth.LeanRoute;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;

/**
 * {@code GET /api/v1/rooms/{roomId}/messages} through the lean door: the same {@link
 * MessageService#history} page as {@link MessageController#history}, made of the stored messages'
 * JSON, for requests whose parameters are each given at most once as a plain number; anything else
 * is the controller's to answer.
 */
@Component
class HistoryRoute implements LeanRoute {

  private final MessageService messages;

  HistoryRoute(MessageService messages) {
    this.messages = messages;
  }

  @Override
  public String method() {
    return "GET";
  }

  @Override
  public String template() {
    return "/api/v1/rooms/{roomId}/messages";
  }

  @Override
  public byte[] answer(Caller caller, String roomId, HttpServletRequest request) {
    Long before = number(request, "before");
    Long after = number(request, "after");
    Long limit = number(request, "limit");
    return messages
        .historyJson(caller, roomId, before, after, limit == null ? null : Math.toIntExact(limit))
        .toJson();
  }

  /**
   * The parameter as a number, null when absent.
   *
   * @throws IllegalArgumentException when it is given twice or is not a number
   */
  private static Long number(HttpServletRequest request, String name) {
    String[] values = request.getParameterValues(name);
    if (values == null) {
      return null;
    }
    if (values.length != 1) {
      throw new IllegalArgumentException(name + " given more than once");
    }
    return Long.valueOf(values[0]);
  }
}
