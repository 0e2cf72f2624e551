package io.dugout.message;

import io.dugout.auth.Caller;
import io.dugout.fastpath.HotReadRoute;
import io.dugout.fastpath.PlainQuery;
import org.springframework.stereotype.Component;

/**
 * {@code GET /api/v1/rooms/{roomId}/messages} through the fast path: the same {@link
 * MessageService#history} page as {@link MessageController#history}, made of the stored messages'
 * JSON, for requests whose parameters are each given at most once as a plain number; anything else
 * is the controller's to answer.
 */
@Component
class HistoryRoute implements HotReadRoute {

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
  public byte[] answer(Caller caller, String roomId, PlainQuery query) {
    Long before = query.number("before");
    Long after = query.number("after");
    Long limit = query.number("limit");
    return messages
        .historyJson(caller, roomId, before, after, limit == null ? null : Math.toIntExact(limit))
        .toJson();
  }
}
