package io.dugout.message;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * Posts messages and reads history, enforcing membership.
 *
 * <p>Appends of one room are serialised on the room's lane and listeners are told inside it, so
 * they see a room's messages in seq order; appends of different rooms run in parallel.
 */
@Service
public class MessageService {

  public static final int DEFAULT_PAGE = 50;
  public static final int MAX_PAGE = 100;

  private final MessageStore store;
  private final RoomAccess access;
  private final MessageValidator validator;
  private final List<MessageListener> listeners;
  private final RoomLanes lanes = new RoomLanes();
  private final Clock clock;

  MessageService(
      MessageStore store,
      RoomAccess access,
      MessageValidator validator,
      List<MessageListener> listeners,
      Clock clock) {
    this.store = store;
    this.access = access;
    this.validator = validator;
    this.listeners = List.copyOf(listeners);
    this.clock = clock;
  }

  /** Posts a message for the caller; a repeated clientMsgId returns the original. */
  public MessageStore.Appended post(Caller caller, String roomId, PostMessage request) {
    String senderId = senderOf(caller, request);
    validator.validate(request);
    if (caller.service() && request.kind() == MessageKind.SYSTEM) {
      access.requireRoom(roomId);
    } else {
      access.requireMember(roomId, senderId);
    }
    return append(roomId, toNew(senderId, request));
  }

  /** Records something that happened in the room (a join, a leave) as a SYSTEM message. */
  public Message postSystem(String roomId, String aboutUserId, String content) {
    var message =
        new NewMessage(
            aboutUserId,
            MessageKind.SYSTEM,
            content,
            List.of(),
            "system-" + UUID.randomUUID(),
            clock.instant());
    return append(roomId, message).message();
  }

  /**
   * A page of history, newest first: the newest messages, those before {@code before}, or those
   * right after {@code after}.
   */
  public HistoryPage history(Caller caller, String roomId, Long before, Long after, Integer limit) {
    requireReader(caller, roomId);
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    if (before != null && after != null) {
      throw DugoutException.invalid("before", "cannot be combined with after");
    }
    if (after != null) {
      if (after < 0) {
        throw DugoutException.invalid("after", "must be 0 or more");
      }
      var page = store.after(roomId, after, size + 1);
      boolean more = page.size() > size;
      return new HistoryPage(newestFirst(more ? page.subList(0, size) : page), more);
    }
    if (before != null && before < 1) {
      throw DugoutException.invalid("before", "must be 1 or more");
    }
    var page = store.before(roomId, before == null ? Long.MAX_VALUE : before, size + 1);
    boolean more = page.size() > size;
    return new HistoryPage(more ? page.subList(0, size) : page, more);
  }

  /** The messages after {@code afterSeq}, oldest first, for catching a client up. */
  public List<Message> since(String roomId, long afterSeq, int limit) {
    return store.after(roomId, afterSeq, limit);
  }

  /**
   * Runs {@code action} with the room's current last seq while no message of the room can be
   * posted, so that whatever the action registers sees every later message and none earlier.
   */
  public <T> T atLastSeq(String roomId, java.util.function.LongFunction<T> action) {
    return lanes.inLane(roomId, () -> action.apply(store.lastSeq(roomId)));
  }

  public long lastSeq(String roomId) {
    return store.lastSeq(roomId);
  }

  /** The newest message of the room, or null when it has none. */
  public Message lastMessage(String roomId) {
    var page = store.before(roomId, Long.MAX_VALUE, 1);
    return page.isEmpty() ? null : page.getFirst();
  }

  private void requireReader(Caller caller, String roomId) {
    if (caller.service()) {
      access.requireRoom(roomId);
    } else {
      access.requireMember(roomId, caller.userId());
    }
  }

  private MessageStore.Appended append(String roomId, NewMessage message) {
    return lanes.inLane(
        roomId,
        () -> {
          var appended = store.append(roomId, message);
          if (appended.created()) {
            for (MessageListener listener : listeners) {
              listener.messagePosted(appended.message());
            }
          }
          return appended;
        });
  }

  private String senderOf(Caller caller, PostMessage request) {
    String requested = request.senderId();
    if (requested == null || requested.equals(caller.userId())) {
      if (request.kind() == MessageKind.SYSTEM && !caller.service()) {
        throw DugoutException.forbidden("only a service token may post SYSTEM messages");
      }
      return caller.userId();
    }
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may post as another user");
    }
    return io.dugout.system.Ids.requireUserId("senderId", requested);
  }

  private NewMessage toNew(String senderId, PostMessage request) {
    return new NewMessage(
        senderId,
        request.kind(),
        request.content() == null ? "" : request.content(),
        request.attachments() == null ? List.of() : List.copyOf(request.attachments()),
        request.clientMsgId(),
        clock.instant());
  }

  private static List<Message> newestFirst(List<Message> oldestFirst) {
    return oldestFirst.reversed();
  }
}
