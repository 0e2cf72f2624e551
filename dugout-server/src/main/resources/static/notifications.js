// The Notifications panel: the newest page of my notifications (GET
// /api/v1/notifications), live ones from /user/queue/notifications, the unread
// count as a badge, and marking one or all read. A live notification with an id
// already shown is a collapsed one that was updated: it replaces the old one and
// moves to the top, unread again. Reloaded on every (re)connect, since nothing
// sent while offline is replayed on the queue. Reading a room (here or on another
// device) settles its chat notification: the server marks it read, and the panel
// shows it read at once.
import { onlyApiErrors } from './api.js';
import { el, formatTime } from './dom.js';

const PAGE = 50;

export class NotificationsPanel {
  /**
   * @param {object} o
   * @param {() => import('/lib/dugout-client.js').Rest} o.api
   * @param {(roomId: string) => void} o.openRoom  for chat notifications
   * @param {(roomId: string) => number} o.readSeq  how far I have read a room (0 when unknown)
   */
  constructor(o) {
    this.o = o;
    this.items = new Map(); // id → notification, in no order (sorted when shown)
    this.meanwhile = null; // id → notification pushed while a load is under way
    this.unreadCount = 0;
    this.list = document.getElementById('notification-list');
    this.empty = document.getElementById('notifications-empty');
    this.badge = document.getElementById('notification-badge');
    this.readAll = document.getElementById('notifications-read-all');
    this.error = document.getElementById('notifications-error');
    this.readAll.addEventListener('click', () => this.markAllRead());
    this.list.addEventListener('click', (event) => this.clicked(event));
  }

  clear() {
    this.meanwhile = null;
    this.items.clear();
    this.unreadCount = 0;
    this.render();
  }

  async load() {
    // why: one pushed while the page was on its way may be missing from it
    const meanwhile = new Map();
    this.meanwhile = meanwhile;
    try {
      const page = await this.o.api().notifications({ limit: PAGE });
      this.items = new Map(page.notifications.map((n) => [n.id, n]));
      this.unreadCount = page.unreadCount;
      for (const [id, n] of meanwhile) {
        const listed = this.items.get(id);
        if (listed && listed.count >= n.count) continue;
        if (!listed || listed.readAt) this.unreadCount += 1;
        this.items.set(id, n);
      }
      this.showError('');
    } catch (e) {
      this.showError(onlyApiErrors(e).message);
    } finally {
      if (this.meanwhile === meanwhile) this.meanwhile = null;
    }
    this.render();
    this.markAlreadyRead();
  }

  /** A notification from /user/queue/notifications. */
  arrived(notification) {
    if (notification?.type !== 'notification' || !notification.id) return;
    const before = this.items.get(notification.id);
    if (!before || before.readAt) this.unreadCount += 1;
    const { type, ...fields } = notification;
    this.items.set(notification.id, fields);
    this.meanwhile?.set(notification.id, fields);
    this.render();
    this.markAlreadyRead();
  }

  /**
   * I read a room further, here or on another device: the server settles the
   * room's chat notification up to that seq, and the panel shows it at once.
   */
  roomRead(roomId) {
    const settled = this.readChats().filter((n) => n.data.roomId === roomId);
    if (!settled.length) return;
    const now = new Date().toISOString();
    for (const n of settled) n.readAt = now;
    this.unreadCount = Math.max(0, this.unreadCount - settled.length);
    this.render();
  }

  /**
   * Marks unread chat notifications of messages I have read already. why: one
   * made while my read was on its way can be stored after the server settled
   * the room; marking it here keeps the server and every device in step.
   */
  async markAlreadyRead() {
    const ids = this.readChats().map((n) => n.id);
    if (!ids.length) return;
    const now = new Date().toISOString();
    await this.post({ ids }, () => {
      // why: one updated by a newer message meanwhile is unread again, here as on the server
      for (const n of this.readChats()) if (ids.includes(n.id)) n.readAt = now;
    });
  }

  /** Unread chat notifications whose message (data.seq) I have read. */
  readChats() {
    return [...this.items.values()].filter((n) => !n.readAt && n.kind === 'chat.message'
      && typeof n.data?.roomId === 'string' && Number.isInteger(n.data.seq)
      && n.data.seq <= this.o.readSeq(n.data.roomId));
  }

  async markRead(id) {
    const n = this.items.get(id);
    if (!n || n.readAt) return;
    await this.post({ ids: [id] }, () => { n.readAt = new Date().toISOString(); });
  }

  async markAllRead() {
    const now = new Date().toISOString();
    await this.post({ all: true }, () => {
      for (const n of this.items.values()) n.readAt ??= now;
    });
  }

  async post(body, applied) {
    try {
      const marked = await this.o.api().markNotificationsRead(body);
      applied();
      this.unreadCount = marked.unreadCount;
      this.showError('');
    } catch (e) {
      this.showError(onlyApiErrors(e).message);
    }
    this.render();
  }

  clicked(event) {
    const button = event.target.closest('button[data-action]');
    const id = event.target.closest('li[data-notification-id]')?.dataset.notificationId;
    if (!button || !id) return;
    if (button.dataset.action === 'read') {
      this.markRead(id);
    } else if (button.dataset.action === 'open') {
      const roomId = this.items.get(id)?.data?.roomId;
      this.markRead(id);
      if (typeof roomId === 'string') this.o.openRoom(roomId);
    }
  }

  render() {
    const sorted = [...this.items.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    this.list.replaceChildren(...sorted.map((n) => item(n)));
    this.empty.hidden = sorted.length > 0;
    this.badge.hidden = this.unreadCount < 1;
    this.badge.textContent = this.unreadCount > 99 ? '99+' : String(this.unreadCount);
    this.badge.setAttribute('aria-label', `${this.unreadCount} unread`);
    this.readAll.hidden = this.unreadCount < 1;
  }

  showError(message) {
    this.error.textContent = message;
  }
}

function item(n) {
  const unread = !n.readAt;
  const room = typeof n.data?.roomId === 'string';
  return el('li', { className: 'notification', 'data-notification-id': n.id, 'data-unread': unread ? 'true' : 'false', 'data-kind': n.kind },
    el('div', { className: 'notification-line' },
      el('span', { className: 'notification-title', text: n.title }),
      n.count > 1 ? el('span', { className: 'notification-count', 'aria-label': `${n.count} events`, text: `×${n.count}` }) : null,
      el('time', { className: 'notification-time', dateTime: n.createdAt, text: formatTime(n.createdAt) })),
    el('p', { className: 'notification-body', text: n.body }),
    el('div', { className: 'notification-actions' },
      room ? el('button', { type: 'button', className: 'link', 'data-action': 'open', text: 'Open room' }) : null,
      unread ? el('button', { type: 'button', className: 'link', 'data-action': 'read', text: 'Mark read' }) : null));
}
