// The shapes Dugout sends and takes (docs/protocol.md). Fields the server leaves out when they
// do not apply are optional here.

export type RoomType = 'DIRECT' | 'TRADE' | 'GROUP';
export type MessageKind = 'TEXT' | 'EMOJI' | 'IMAGE' | 'FILE' | 'SYSTEM';
export type ChangeKind = 'message.edited' | 'message.deleted' | 'reaction.added' | 'reaction.removed';

export interface Attachment {
  url?: string;
  name?: string;
  size?: number;
  mime?: string;
  uploadId?: string;
  width?: number;
  height?: number;
}

export interface Reaction {
  emoji: string;
  count: number;
  users: string[];
}

export interface ReplyPreview {
  seq: number;
  senderId: string;
  kind: MessageKind;
  content: string;
  edited?: boolean;
  deleted?: boolean;
}

/** A message in the state the server last reported. */
export interface Message {
  roomId: string;
  seq: number;
  senderId: string;
  kind: MessageKind;
  content: string;
  attachments: Attachment[];
  clientMsgId?: string;
  sentAt: string;
  ordinal?: number;
  replyTo?: number;
  reply?: ReplyPreview;
  mentions?: string[];
  editedAt?: string;
  deleted?: boolean;
  deletedAt?: string;
  deletedBy?: string;
  reactions?: Reaction[];
  /** The seq of the last change to this message: the higher, the newer the copy. */
  changedSeq?: number;
}

/** An entry of a room's log: a message, or (with `change`) a change to the message at `targetSeq`. */
export interface Entry extends Partial<Message> {
  roomId: string;
  seq: number;
  change?: ChangeKind;
  targetSeq?: number;
  /** The changed message as it is now; absent when the same page or replay holds it. */
  target?: Message;
  emoji?: string;
}

export interface Member {
  userId: string;
  role: string;
  joinedAt: string;
  lastReadSeq: number;
  muted: boolean;
}

export interface Room {
  id: string;
  type: RoomType;
  title: string | null;
  trade: { itemId: string; sellerId: string } | null;
  createdAt: string;
  lastSeq: number;
  lastMessage: Message | null;
  lastActivityAt: string;
  unreadCount: number;
  mentionCount: number;
  muted: boolean;
  members?: Member[];
}

export interface RoomPage {
  rooms: Room[];
  nextCursor: string | null;
}

export interface HistoryPage {
  /** Newest first, messages and change entries alike. */
  messages: Entry[];
  hasMore: boolean;
}

export interface Entered {
  room: Room;
  messages: Entry[];
  hasMore: boolean;
}

export interface ReadMarker {
  roomId: string;
  userId: string;
  lastReadSeq: number;
  unreadCount: number;
  mentionCount: number;
}

export interface NewRoom {
  type: RoomType;
  title?: string;
  memberIds: string[];
  trade?: { itemId: string; sellerId: string };
}

export interface Notification {
  id: string;
  kind: string;
  title: string;
  body: string;
  data?: Record<string, unknown>;
  count: number;
  createdAt: string;
  readAt: string | null;
}

export interface UploadSlot {
  uploadId: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  expiresAt: string;
}

export interface StoredUpload {
  uploadId: string;
  size: number;
  type: string;
  width?: number;
  height?: number;
}

/** Events on /user/queue/rooms. */
export type RoomListEvent =
  | { type: 'room.joined'; room: Room }
  | { type: 'room.left'; roomId: string }
  | { type: 'room.counts'; roomId: string; lastSeq: number; unreadCount: number; mentionCount: number };
