// The list of my rooms: title, last-message preview, unread and mention badges,
// most recent activity first. Re-rendered whole (it is short); keyboard focus is kept.
import { mentionsOf, unreadOf } from './counts.js';
import { el, formatTime } from './dom.js';

/**
 * A human title for a room, from its title, type, trade and members. A trade
 * room is named after the other person and their role ("bob · seller"): the
 * name comes first so a narrow list never cuts it off; the item is in
 * tradeDeal().
 */
export function roomTitle(rs, me) {
  const room = rs.room;
  const others = rs.members ? [...rs.members.keys()].filter((id) => id !== me) : [];
  if (room.type === 'GROUP') return room.title || (others.length ? others.join(', ') : 'Group');
  if (room.type === 'TRADE') {
    const trade = tradeSides(rs, me);
    return trade?.other ? `${trade.other} · ${trade.otherRole}` : room.title || 'Trade';
  }
  return others[0] || room.title || 'Direct chat';
}

/** My side of a trade room and its item ("you are buying glove-42"), or null for other rooms. */
export function tradeDeal(rs, me) {
  const trade = tradeSides(rs, me);
  if (!trade) return null;
  const deal = trade.mine === 'seller' ? 'you are selling' : 'you are buying';
  return trade.itemId ? `${deal} ${trade.itemId}` : deal;
}

/**
 * Who is who in a trade room: `trade.sellerId` is the seller, the other member
 * (role BUYER) the buyer.
 */
function tradeSides(rs, me) {
  const trade = rs.room.type === 'TRADE' ? rs.room.trade : null;
  if (!trade) return null;
  const members = rs.members ? [...rs.members.values()] : [];
  const buyer = members.find((m) => m.role === 'BUYER')?.userId
    ?? members.find((m) => m.userId !== trade.sellerId)?.userId;
  const selling = me === trade.sellerId;
  return {
    mine: selling ? 'seller' : 'buyer',
    other: selling ? buyer : trade.sellerId,
    otherRole: selling ? 'buyer' : 'seller',
    itemId: trade.itemId,
  };
}

/** One line of text for a message, for previews. */
export function previewText(message, me) {
  if (!message) return 'No messages yet';
  if (message.kind === 'SYSTEM') return message.content || 'System message';
  const who = message.senderId === me ? 'You' : message.senderId;
  if (message.deleted) return `${who}: Message deleted`;
  let body = message.content || '';
  if (!body && message.attachments?.length) {
    body = `${message.kind === 'IMAGE' ? 'Image' : 'File'}: ${message.attachments[0].name || 'attachment'}`;
  }
  return `${who}: ${body}`;
}

export class RoomListView {
  constructor(list, empty, onOpen) {
    this.list = list;
    this.empty = empty;
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-room-id]');
      if (button) onOpen(button.dataset.roomId);
    });
    list.addEventListener('keydown', (event) => this.moveFocus(event));
  }

  render(roomStates, openRoomId, me) {
    const focused = document.activeElement?.closest?.('#room-list button[data-room-id]')?.dataset.roomId;
    const sorted = [...roomStates.values()].sort((a, b) => activity(b).localeCompare(activity(a)));
    this.list.replaceChildren(...sorted.map((rs) => this.item(rs, rs.id === openRoomId, me)));
    this.empty.hidden = sorted.length > 0;
    if (focused) this.list.querySelector(`button[data-room-id="${CSS.escape(focused)}"]`)?.focus();
  }

  item(rs, open, me) {
    const unread = open ? 0 : unreadOf(rs);
    const mentions = open ? 0 : mentionsOf(rs);
    const last = rs.lastMessage;
    const deal = tradeDeal(rs, me);
    return el('li', {},
      el('button', {
        type: 'button', className: 'room-item', 'data-room-id': rs.id, 'data-unread': unread, 'data-mentions': mentions,
        'aria-current': open ? 'true' : null,
      },
      el('span', { className: 'room-line' },
        el('span', { className: 'room-title', text: roomTitle(rs, me) }),
        el('span', { className: 'room-kind', text: rs.room.type.toLowerCase() }),
        rs.lastActivityAt ? el('time', { className: 'room-time', dateTime: rs.lastActivityAt, text: formatTime(rs.lastActivityAt) }) : null),
      deal ? el('span', { className: 'room-line' }, el('span', { className: 'room-deal', text: capitalized(deal) })) : null,
      el('span', { className: 'room-line' },
        el('span', { className: 'room-preview', text: previewText(last, me) }),
        mentions > 0 ? el('span', { className: 'badge mention', 'aria-label': `${mentions} unread mention${mentions === 1 ? '' : 's'}`, text: '@' }) : null,
        unread > 0 ? el('span', { className: 'badge', 'aria-label': `${unread} unread`, text: unread > 99 ? '99+' : unread }) : null)));
  }

  /** Up/Down arrows move between rooms. */
  moveFocus(event) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...this.list.querySelectorAll('button[data-room-id]')];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))].focus();
  }
}

function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function activity(rs) {
  return rs.lastActivityAt || rs.room.createdAt || '';
}
