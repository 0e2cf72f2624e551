package io.dugout.message;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Pages;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.function.LongFunction;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/**
 * Posts messages and reads history. Every entry point that reads or writes a room for a caller
 * checks the caller through {@link RoomAccess} first, so membership (guarantee 5) never rests on
 * the caller of this class remembering it.
 *
 * <p>The {@link Sequencer} orders each room's appends and tells listeners in seq order; the history
 * cache and follow-ups learn of a message after that, on the posting thread.
 *
 * <p>Over 300 lines: posting, paging and replay share the one access check and the one renderer,
 * and splitting them would hand both around; changes to messages are {@link MessageEdits}.
 */
@Service
public class MessageService {

  public static final int DEFAULT_PAGE = 50;
  public static final int MAX_PAGE = 100;
  private static final int LAST_MESSAGE_PAGE = 8;

  private final MessageStore store;
  private final Sequencer sequencer;
  private final HistoryCache cache;
  private final RoomAccess access;
  private final MessageValidator validator;
  private final List<MessageFollowUp> followUps;
  private final Clock clock;
  private final EntryRenderer renderer;
  private final AttachmentUploads uploads;
  private final ScreenStep screen;
  private final SendBlocks blocks;
  private final SendModeration moderation;

  MessageService(
      MessageStore store,
      Sequencer sequencer,
      HistoryCache cache,
      RoomAccess access,
      MessageValidator validator,
      List<MessageFollowUp> followUps,
      Clock clock,
      ObjectProvider<AttachmentUploads> uploads,
      ScreenStep screen,
      ObjectProvider<SendBlocks> blocks,
      ObjectProvider<SendModeration> moderation) {
    this.store = store;
    this.sequencer = sequencer;
    this.cache = cache;
    this.access = access;
    this.validator = validator;
    this.followUps = List.copyOf(followUps);
    this.clock = clock;
    this.renderer = new EntryRenderer(store);
    this.uploads = uploads.getIfAvailable(() -> AttachmentUploads.NONE);
    this.screen = screen;
    this.blocks = blocks.getIfAvailable(() -> SendBlocks.NONE);
    this.moderation = moderation.getIfAvailable(() -> SendModeration.NONE);
  }

  /** Posts a message for the caller; a repeated clientMsgId returns the original. */
  public MessageStore.Appended post(Caller caller, String roomId, PostMessage request) {
    String senderId = caller.actingFor(request.senderId(), "senderId", "post");
    if (request.kind() == MessageKind.SYSTEM && !caller.service()) {
      throw DugoutException.forbidden("only a service token may post SYSTEM messages");
    }
    validator.validate(request);
    // why: a user's message needs its sender in the room, also when a service posts it for them
    boolean system = request.kind() == MessageKind.SYSTEM;
    access.requireReader(system ? caller : Caller.user(senderId), roomId);
    if (!system) {
      blocks.requireUnblocked(roomId, senderId);
    }
    if (!system && !caller.service()) {
      moderation.requireMaySend(
          roomId, senderId, () -> store.holdsRetryKey(roomId, senderId, request.clientMsgId()));
    }
    var mentions = validator.mentions(request.mentions());
    for (String mentioned : mentions) {
      if (!access.isMember(roomId, mentioned)) {
        throw DugoutException.invalid("mentions", mentioned + " is not a member of the room");
      }
    }
    Message.Reply reply = null;
    if (request.replyTo() != null) {
      if (request.replyTo() < 1) {
        throw DugoutException.invalid("replyTo", "must be the seq of a message, 1 or more");
      }
      var replied = store.getRepliedTo(roomId, request.replyTo());
      reply = Message.Reply.of(requireMessage(replied, roomId, request.replyTo(), "replyTo"));
    }
    // why: before the seq, so a refusal leaves no gap; after the checks, so no refused send is
    // asked
    String content = screen.post(roomId, senderId, request, mentions);
    // why: last, once nothing else can refuse the message, as it makes the uploads its own
    var attachments =
        request.attachments() == null
            ? List.<Attachment>of()
            : uploads.resolve(
                roomId, senderId, request.clientMsgId(), request.kind(), request.attachments());
    return append(roomId, toNew(senderId, request, content, attachments, reply, mentions));
  }

  /**
   * The message at {@code seq} of the room, as it is now. Not for changes: a change entry is not a
   * message anyone can reply to or change.
   *
   * @throws DugoutException when there is none ({@code not_found}, or {@code validation} naming
   *     {@code field} when it is a request's reference)
   */
  Message requireMessage(String roomId, long seq, String field) {
    return requireMessage(store.get(roomId, List.of(seq)), roomId, seq, field);
  }

  private static Message requireMessage(
      List<Message> found, String roomId, long seq, String field) {
    if (found.isEmpty() || found.getFirst().isChangeEntry()) {
      String problem = "no message " + seq + " in room " + roomId;
      throw field == null
          ? DugoutException.notFound(problem)
          : DugoutException.invalid(field, "names " + problem);
    }
    return found.getFirst();
  }

  /**
   * The entry at {@code seq} of the room as it is now, a message or a change, for a caller who may
   * read the room.
   *
   * @throws DugoutException when the caller may not read the room, or there is no such entry
   */
  public Message entry(Caller caller, String roomId, long seq) {
    access.requireReader(caller, roomId);
    var found = seq < 1 ? List.<Message>of() : store.get(roomId, List.of(seq));
    if (found.isEmpty()) {
      throw DugoutException.notFound("no message " + seq + " in room " + roomId);
    }
    return found.getFirst();
  }

  /**
   * Whether {@link #post} may run in a {@link io.dugout.message.NoWait#attempt}: the sequencer and
   * its store refuse before they would wait (and so do the membership reads of the same storage),
   * no history cache, another process, is told of the message afterwards, and no screen calls out.
   */
  public boolean postsWithoutWaiting() {
    return sequencer.triesWithoutWaiting()
        && cache == HistoryCache.NONE
        && screen.triesWithoutWaiting();
  }

  /** Records something that happened in the room (a join, a leave) as a SYSTEM message. */
  public Message postSystem(String roomId, String aboutUserId, String content) {
    return postSystem(roomId, aboutUserId, content, null);
  }

  /**
   * Records something that happened in the room as a SYSTEM message that carries {@code system}
   * (null: none) for clients to read.
   */
  public Message postSystem(String roomId, String aboutUserId, String content, SystemEvent system) {
    var message =
        NewMessage.system(
            aboutUserId, content, "system-" + UUID.randomUUID(), clock.instant(), system);
    return append(roomId, message).message();
  }

  /**
   * A page of history, newest first: the newest entries, those before {@code before}, or those
   * right after {@code after}. Read backward, the page leaves out changes but at its ends ({@link
   * EntryRenderer#renderPage}); read forward it holds every entry, for a client that checks that
   * seqs follow each other.
   */
  public HistoryPage history(Caller caller, String roomId, Long before, Long after, Integer limit) {
    var page = page(caller, roomId, before, after, limit, store::after, this::newest);
    var entries =
        after == null
            ? renderer.renderPage(roomId, page.items())
            : renderer.render(roomId, page.items());
    return new HistoryPage(entries, page.hasMore());
  }

  /**
   * The same page as {@link #history}, each message as its {@link MessageJson}: the stored JSON,
   * not decoded, where the store keeps it.
   */
  public JsonPage historyJson(
      Caller caller, String roomId, Long before, Long after, Integer limit) {
    var page = page(caller, roomId, before, after, limit, store::afterJson, this::newestJson);
    var entries =
        after == null
            ? renderer.renderPageJson(roomId, page.items())
            : renderer.renderJson(roomId, page.items());
    return new JsonPage(entries, page.hasMore());
  }

  private <T> Page<T> page(
      Caller caller,
      String roomId,
      Long before,
      Long after,
      Integer limit,
      PageRead<T> oldestAfter,
      PageRead<T> newestBefore) {
    access.requireReader(caller, roomId);
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    if (before != null && after != null) {
      throw DugoutException.invalid("before", "cannot be combined with after");
    }
    if (after != null) {
      if (after < 0) {
        throw DugoutException.invalid("after", "must be 0 or more");
      }
      var page = oldestAfter.read(roomId, after, size + 1);
      boolean more = page.size() > size;
      return new Page<>((more ? page.subList(0, size) : page).reversed(), more);
    }
    if (before != null && before < 1) {
      throw DugoutException.invalid("before", "must be 1 or more");
    }
    var page = newestBefore.read(roomId, before == null ? Long.MAX_VALUE : before, size + 1);
    boolean more = page.size() > size;
    return new Page<>(more ? page.subList(0, size) : page, more);
  }

  /** One read of a page: messages of {@code roomId} on one side of {@code seq}. */
  @FunctionalInterface
  private interface PageRead<T> {
    List<T> read(String roomId, long seq, int limit);
  }

  /** A page, newest first, and whether there is more beyond it. */
  private record Page<T>(List<T> items, boolean hasMore) {}

  /** The messages after {@code afterSeq}, oldest first, for catching a client up. */
  public List<Message> replay(Caller caller, String roomId, long afterSeq, int limit) {
    access.requireReader(caller, roomId);
    return renderer.render(roomId, store.after(roomId, afterSeq, limit));
  }

  /**
   * Registers a live reader of the room: runs {@code register} with the room's current last seq
   * while no message of the room can be posted, so whatever it registers sees every later message
   * and none earlier.
   */
  public <T> T subscribe(Caller caller, String roomId, LongFunction<T> register) {
    access.requireReader(caller, roomId);
    return sequencer.atLastSeq(roomId, register);
  }

  /** The room's newest entry's seq and ordinal (0 and 0 when it has none). */
  public MessageStore.Head head(Caller caller, String roomId) {
    access.requireReader(caller, roomId);
    return store.head(roomId);
  }

  /** The ordinal of the room's entry at {@code seq}: how many messages it holds up to there. */
  public long ordinalAt(Caller caller, String roomId, long seq) {
    access.requireReader(caller, roomId);
    if (seq <= 0) {
      return 0;
    }
    var found = store.get(roomId, List.of(seq));
    return found.isEmpty() ? store.head(roomId).ordinal() : found.getFirst().ordinal();
  }

  /** The room's newest entry, and its newest message as it is now (changes are passed over). */
  public Latest latest(Caller caller, String roomId) {
    access.requireReader(caller, roomId);
    var page = newest(roomId, Long.MAX_VALUE, LAST_MESSAGE_PAGE);
    return new Latest(page.isEmpty() ? null : page.getFirst(), newestMessage(roomId, page));
  }

  /**
   * The newest entry of a room (a message or a change) and its newest message, both null when it
   * has none.
   */
  public record Latest(Message newest, Message message) {}

  /**
   * The newest message of a page of the room's newest entries, newest first; read on below the page
   * when it holds changes only.
   */
  public Message newestMessage(Caller caller, String roomId, List<Message> newestFirst) {
    access.requireReader(caller, roomId);
    return newestMessage(roomId, newestFirst);
  }

  private Message newestMessage(String roomId, List<Message> newestFirst) {
    var page = newestFirst;
    while (!page.isEmpty()) {
      for (Message entry : page) {
        if (!entry.isChangeEntry()) {
          return renderer.render(roomId, List.of(entry)).getFirst();
        }
      }
      page = newest(roomId, page.getLast().seq(), LAST_MESSAGE_PAGE);
    }
    return null;
  }

  MessageStore.Appended append(String roomId, NewMessage message) {
    var appended = sequencer.append(roomId, message);
    if (appended.created()) {
      cache.stored(appended.message());
      for (MessageFollowUp followUp : followUps) {
        followUp.messageStored(appended.message());
      }
    }
    return appended;
  }

  /**
   * Newest first below {@code beforeSeq}: from the cache when it covers the page, else from the
   * store, whose page the cache may then keep.
   */
  private List<Message> newest(String roomId, long beforeSeq, int limit) {
    var lookup = cache.before(roomId, beforeSeq, limit);
    if (lookup.hit() != null) {
      return lookup.hit();
    }
    var page = store.before(roomId, beforeSeq, limit);
    cache.loaded(roomId, page, lookup);
    return page;
  }

  /**
   * {@link #newest} as JSON: straight from the store when there is no cache; through the cache
   * otherwise, so that it keeps learning pages.
   */
  private List<byte[]> newestJson(String roomId, long beforeSeq, int limit) {
    if (cache == HistoryCache.NONE) {
      return store.beforeJson(roomId, beforeSeq, limit);
    }
    return MessageJson.writeAll(newest(roomId, beforeSeq, limit));
  }

  private NewMessage toNew(
      String senderId,
      PostMessage request,
      String content,
      List<Attachment> attachments,
      Message.Reply reply,
      List<String> mentions) {
    return new NewMessage(
        senderId,
        request.kind(),
        content == null ? "" : content,
        List.copyOf(attachments),
        request.clientMsgId(),
        clock.instant(),
        request.replyTo(),
        reply,
        mentions.isEmpty() ? null : mentions,
        null,
        null,
        null);
  }
}
