package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.message.HistoryPage;
import io.dugout.message.Message;
import io.dugout.message.MessageService;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.time.Clock;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/**
 * Creates rooms, changes membership and read markers, and builds what a caller sees of rooms.
 *
 * <p>Over 300 lines: membership changes (add, remove, leave) and their checks (blocks, room bans,
 * rights) must run in one order under one set of reads; what is not that has moved out ({@link
 * RoomMembership}, {@link RoomList}, {@link EnterRoute}).
 */
@Service
public class RoomService {

  static final int ENTER_PAGE = 20;

  private final RoomStore rooms;
  private final RoomMembership membership;
  private final MessageService messages;
  private final ApplicationEventPublisher events;
  private final Clock clock;
  private final RoomBlocks blocks;
  private final RoomModeration moderation;

  RoomService(
      RoomStore rooms,
      RoomMembership membership,
      MessageService messages,
      ApplicationEventPublisher events,
      Clock clock,
      RoomBlocks blocks,
      RoomModeration moderation) {
    this.rooms = rooms;
    this.membership = membership;
    this.messages = messages;
    this.events = events;
    this.clock = clock;
    this.blocks = blocks;
    this.moderation = moderation;
  }

  /**
   * Creates a room, or returns the existing DIRECT/TRADE room for the same people and item; refused
   * ({@code blocked}) for a DIRECT or TRADE room of two users either of whom blocks the other.
   */
  public Created create(Caller caller, NewRoom request) {
    var plan = RoomPlan.of(caller, request, Ids.newRoomId(clock), clock.instant());
    if (plan.room().type() != RoomType.GROUP) {
      blocks.requireNoBlockBetween(plan.members().get(0).userId(), plan.members().get(1).userId());
    }
    var created = rooms.create(plan.room(), plan.members());
    if (created.created()) {
      plan.members()
          .forEach(m -> events.publishEvent(new RoomEvent.MemberJoined(m.roomId(), m.userId())));
    }
    return new Created(view(caller, created.room().id(), true), created.created());
  }

  /** The room with its members, for a member or a service token. */
  public RoomView get(Caller caller, String roomId) {
    requireReader(caller, roomId);
    return view(caller, roomId, true);
  }

  /**
   * The room and its latest messages in one call: one membership check (the page's), and the room's
   * newest message taken from the page instead of read again.
   */
  public Entered enter(Caller caller, String roomId) {
    HistoryPage page = messages.history(caller, roomId, null, null, ENTER_PAGE);
    Message newest = page.messages().isEmpty() ? null : page.messages().getFirst();
    Message lastMessage = messages.newestMessage(caller, roomId, page.messages());
    return new Entered(
        view(caller, roomId, newest, lastMessage, true), page.messages(), page.hasMore());
  }

  /**
   * What a view of the room is made of besides its newest message, for a caller whose membership
   * was just checked: the parts {@link #enter} writes as a view, for a writer that puts them
   * together itself.
   */
  Entering entering(Caller caller, String roomId) {
    return new Entering(room(roomId), me(caller, roomId), rooms.members(roomId));
  }

  /**
   * Adds a user to a GROUP room; true when the user was not a member before. Refused ({@code
   * banned}) for a user banned from the room.
   */
  public Added addMember(Caller caller, String roomId, String userId) {
    Ids.requireUserId("userId", userId);
    Room room = requireReader(caller, roomId);
    if (room.type() != RoomType.GROUP) {
      throw DugoutException.conflict("a " + room.type() + " room has fixed members");
    }
    requireNotBanned(roomId, userId);
    // why: a newcomer starts with nothing unread; earlier history is there to scroll, not to owe
    var head = messages.head(caller, roomId);
    boolean added =
        rooms.addMember(
            new Member(
                roomId,
                userId,
                MemberRole.MEMBER,
                clock.instant(),
                head.seq(),
                false,
                head.ordinal(),
                List.of()));
    if (added && moderation.banned(roomId, userId)) {
      // why: a ban racing this add either is seen here or, written after, removes the member
      rooms.removeMember(roomId, userId);
      requireNotBanned(roomId, userId);
    }
    if (added) {
      messages.postSystem(roomId, userId, userId + " joined");
      events.publishEvent(new RoomEvent.MemberJoined(roomId, userId));
    }
    // why: one read of this member, not the whole member list: rooms grow to thousands
    var member =
        rooms
            .findMember(roomId, userId)
            .orElseThrow(() -> DugoutException.conflict(userId + " left again meanwhile"));
    return new Added(RoomView.MemberView.of(member), added);
  }

  /** The room as a room-list item (members only for DIRECT and TRADE rooms). */
  public RoomView listItem(Caller caller, String roomId) {
    requireReader(caller, roomId);
    return view(caller, roomId, false);
  }

  /**
   * Removes a member: members may leave; who may remove others is moderation's to decide ({@link
   * RoomModeration#requireRemover}).
   */
  public void removeMember(Caller caller, String roomId, String userId) {
    Room room = requireReader(caller, roomId);
    if (room.type() != RoomType.GROUP) {
      throw DugoutException.conflict("a " + room.type() + " room has fixed members");
    }
    boolean leaving = !caller.service() && caller.userId().equals(userId);
    if (!leaving) {
      moderation.requireRemover(caller, roomId, userId);
    }
    if (!rooms.removeMember(roomId, userId)) {
      throw DugoutException.notFound("no member " + userId + " in room " + roomId);
    }
    if (leaving) {
      messages.postSystem(roomId, userId, userId + " left");
    } else {
      moderation.removed(caller, roomId, userId);
    }
    events.publishEvent(new RoomEvent.MemberLeft(roomId, userId));
  }

  private void requireNotBanned(String roomId, String userId) {
    if (moderation.banned(roomId, userId)) {
      throw DugoutException.bannedFromRoom(userId + " is banned from room " + roomId);
    }
  }

  /**
   * Moves a member's read marker forward to {@code seq}, capped at the room's last seq: the
   * caller's own marker, or ({@code forUser}, service callers only) that user's.
   */
  public ReadMarker markRead(Caller caller, String roomId, String forUser, Long seq) {
    if (seq == null || seq < 0) {
      throw DugoutException.invalid("seq", "must be 0 or more");
    }
    String userId = caller.actingFor(forUser, "userId", "move the read marker");
    var head = messages.head(caller, roomId);
    long before = rooms.findMember(roomId, userId).map(Member::lastReadSeq).orElse(-1L);
    long upTo = Math.min(seq, head.seq());
    long ordinal = upTo == head.seq() ? head.ordinal() : messages.ordinalAt(caller, roomId, upTo);
    var member =
        rooms
            .markRead(roomId, userId, upTo, ordinal)
            .orElseThrow(
                () -> DugoutException.notFound("no member " + userId + " in room " + roomId));
    if (member.lastReadSeq() > before) {
      events.publishEvent(new RoomEvent.ReadMarkerMoved(roomId, userId, member.lastReadSeq()));
    }
    return new ReadMarker(
        roomId,
        userId,
        member.lastReadSeq(),
        member.unreadAt(head.ordinal()),
        member.unreadMentions());
  }

  /**
   * Mutes the room for a member (no chat notifications from it), or unmutes it: the caller's own
   * membership, or ({@code forUser}, service callers only) that user's.
   */
  public RoomView.MemberView setMuted(Caller caller, String roomId, String forUser, boolean muted) {
    String userId = caller.actingFor(forUser, "userId", "mute a room");
    requireReader(caller, roomId);
    var member =
        rooms
            .setMuted(roomId, userId, muted)
            .orElseThrow(
                () -> DugoutException.notFound("no member " + userId + " in room " + roomId));
    events.publishEvent(new RoomEvent.MuteChanged(roomId, userId, muted));
    return RoomView.MemberView.of(member);
  }

  /** The room exists and the caller may read it; returns the room. */
  Room requireReader(Caller caller, String roomId) {
    return membership.requireReadable(caller, roomId);
  }

  RoomView view(Caller caller, String roomId, boolean withMembers) {
    var latest = messages.latest(caller, roomId);
    return view(caller, roomId, latest.newest(), latest.message(), withMembers);
  }

  private RoomView view(
      Caller caller, String roomId, Message newest, Message lastMessage, boolean withMembers) {
    Room room = room(roomId);
    var me = me(caller, roomId);
    // why: a DIRECT or TRADE room is named after its other member, so lists carry those two
    boolean includeMembers = withMembers || room.type() != RoomType.GROUP;
    var members = includeMembers ? rooms.members(roomId) : null;
    return view(room, newest, lastMessage, me, members);
  }

  private Room room(String roomId) {
    return rooms.find(roomId).orElseThrow(() -> DugoutException.notFound("no room " + roomId));
  }

  /** The caller's own membership; null for a service token, or a member who left meanwhile. */
  private Member me(Caller caller, String roomId) {
    return caller.service() ? null : rooms.findMember(roomId, caller.userId()).orElse(null);
  }

  /**
   * Every room of the user as a room-list item, in no particular order, from one store read (and
   * one more per room whose newest entry is a change or a reply, for the newest message as it is
   * now).
   */
  List<RoomView> listItemsOf(String userId) {
    return rooms.listingOf(userId).stream()
        .map(
            l -> {
              Message newest = l.newest();
              // why: a change is not the last message, and a reply shows its target as it is now
              Message lastMessage =
                  newest == null || (!newest.isChangeEntry() && newest.replyTo() == null)
                      ? newest
                      : messages.newestMessage(Caller.user(userId), l.room().id(), List.of(newest));
              return view(l.room(), newest, lastMessage, l.member(), l.members());
            })
        .toList();
  }

  /**
   * The view of a room whose newest entry is {@code newest} and newest message {@code lastMessage}
   * (both null when it has none) for the member {@code me} (null: nothing unread, not muted).
   */
  static RoomView view(
      Room room, Message newest, Message lastMessage, Member me, List<Member> members) {
    long lastSeq = newest == null ? 0 : newest.seq();
    long ordinal = newest == null ? 0 : newest.ordinal();
    return new RoomView(
        room.id(),
        room.type(),
        room.title(),
        room.trade(),
        room.createdAt(),
        lastSeq,
        lastMessage,
        lastMessage == null ? room.createdAt() : lastMessage.sentAt(),
        me == null ? 0 : me.unreadAt(ordinal),
        me == null ? 0 : me.unreadMentions(),
        me != null && me.muted(),
        members == null ? null : members.stream().map(RoomView.MemberView::of).toList());
  }

  /** The outcome of {@link #addMember}: the member, and whether this call added it. */
  public record Added(RoomView.MemberView member, boolean added) {}

  /** The outcome of {@link #create}. */
  public record Created(RoomView room, boolean created) {}

  /** The outcome of {@link #enter}: the room and its newest messages, newest first. */
  public record Entered(RoomView room, List<Message> messages, boolean hasMore) {}

  /**
   * The parts of a room's view for one caller: the room, the caller's own membership (null for a
   * service token, or a member who left since the check) and every member in the order they joined.
   */
  record Entering(Room room, Member me, List<Member> members) {

    /** The caller's unread count in a room whose newest entry's ordinal is {@code ordinal}. */
    long unreadCount(long ordinal) {
      return me == null ? 0 : me.unreadAt(ordinal);
    }

    /** The caller's unread mentions in the room. */
    long mentionCount() {
      return me == null ? 0 : me.unreadMentions();
    }

    /** Whether the caller muted the room. */
    boolean muted() {
      return me != null && me.muted();
    }
  }

  /** A member's read marker after {@link #markRead}, and what is still unread. */
  public record ReadMarker(
      String roomId, String userId, long lastReadSeq, long unreadCount, long mentionCount) {}
}
