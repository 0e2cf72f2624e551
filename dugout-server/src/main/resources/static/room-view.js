// The open room: header, messages in seq order, my outbox (pending / sent /
// failed with retry), read markers, typing line and composer.
import { el, formatSize, formatTime, safeHttpUrl } from './dom.js';
import { roomTitle, tradeDeal } from './room-list.js';

const $ = (id) => document.getElementById(id);

export class RoomView {
  /** @param {object} handlers onSend, onRetry, onDiscard, onLoadOlder, onTyping, onAddMember, onLeave, onBack, onSeen */
  constructor(handlers) {
    this.h = handlers;
    this.rs = null;
    this.me = null;
    this.scroller = $('messages');
    this.list = $('message-list');
    this.outbox = $('outbox');
    this.input = $('composer-input');

    $('composer').addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      }
    });
    this.input.addEventListener('input', () => {
      this.autosize();
      if (this.input.value.trim()) this.h.onTyping();
    });
    this.scroller.addEventListener('scroll', () => {
      if (this.scroller.scrollTop < 150) this.h.onLoadOlder();
      if (this.atBottom()) this.h.onSeen();
    }, { passive: true });
    $('load-older').addEventListener('click', () => this.h.onLoadOlder());
    this.outbox.addEventListener('click', (event) => {
      const retry = event.target.closest('button[data-retry]');
      if (retry) this.h.onRetry(retry.dataset.retry);
      const discard = event.target.closest('button[data-discard]');
      if (discard) this.h.onDiscard(discard.dataset.discard);
    });
    $('add-member').addEventListener('submit', (event) => {
      event.preventDefault();
      const input = $('add-member-input');
      const userId = input.value.trim();
      if (userId) this.h.onAddMember(userId).then((ok) => { if (ok) input.value = ''; });
    });
    $('leave').addEventListener('click', () => this.h.onLeave());
    $('back').addEventListener('click', () => this.h.onBack());
    $('room-pane').addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.h.onBack();
    });
  }

  get isOpen() { return this.rs != null; }

  show(rs, me) {
    this.rs = rs;
    this.me = me;
    $('room-empty').hidden = true;
    $('room-pane').hidden = false;
    this.renderHeader();
    this.list.replaceChildren(...rs.timeline.ordered().map((m) => this.messageItem(m)));
    for (const item of this.list.children) regroup(item);
    this.renderOutbox();
    this.renderReadMarkers();
    this.renderTyping();
    this.renderLoadOlder();
    this.setNotice('');
    this.scrollToBottom();
    this.input.focus({ preventScroll: true });
    this.autosize();
  }

  hide() {
    this.rs = null;
    $('room-pane').hidden = true;
    $('room-empty').hidden = false;
    this.list.replaceChildren();
    this.outbox.replaceChildren();
  }

  renderHeader() {
    const rs = this.rs;
    $('room-title').textContent = roomTitle(rs, this.me);
    const members = rs.members ? [...rs.members.keys()] : [];
    const deal = tradeDeal(rs, this.me);
    const kind = ({ DIRECT: '1:1', TRADE: 'Trade', GROUP: 'Group' }[rs.room.type] || rs.room.type)
      + (deal ? ` · ${deal}` : '');
    $('room-subtitle').textContent = members.length
      ? `${kind} · ${members.length} member${members.length === 1 ? '' : 's'}: ${members.join(', ')}`
      : kind;
    const isGroup = rs.room.type === 'GROUP';
    $('add-member').hidden = !isGroup;
    $('leave').hidden = !isGroup;
  }

  /** Inserts new messages at their seq position; sticks to the bottom if we were there. */
  addMessages(messages) {
    if (!messages.length) return;
    const stick = this.atBottom();
    for (const message of messages) this.insert(this.messageItem(message));
    this.renderReadMarkers();
    this.renderLoadOlder();
    if (stick) this.scrollToBottom();
  }

  /** Shows messages in a newer state (edited, deleted, reactions) in place. */
  updateMessages(messages) {
    if (!messages.length || !this.rs) return;
    const stick = this.atBottom();
    for (const message of messages) {
      const old = this.list.querySelector(`li[data-seq="${message.seq}"]`);
      if (!old) continue;
      const item = this.messageItem(message);
      old.replaceWith(item);
      regroup(item);
    }
    this.renderReadMarkers();
    if (stick) this.scrollToBottom();
  }

  /** Inserts older messages above, keeping what the reader looks at in place. */
  addOlder(messages) {
    if (!messages.length) return this.renderLoadOlder();
    const fromBottom = this.scroller.scrollHeight - this.scroller.scrollTop;
    for (const message of messages) this.insert(this.messageItem(message));
    this.scroller.scrollTop = this.scroller.scrollHeight - fromBottom;
    this.renderReadMarkers();
    this.renderLoadOlder();
  }

  insert(item) {
    const seq = Number(item.dataset.seq);
    // newest messages are the common case: walk from the end
    let after = this.list.lastElementChild;
    while (after && Number(after.dataset.seq) > seq) after = after.previousElementSibling;
    if (after && Number(after.dataset.seq) === seq) return; // already shown
    if (after) after.after(item);
    else this.list.prepend(item);
    regroup(item);
    if (item.nextElementSibling) regroup(item.nextElementSibling);
  }

  messageItem(message) {
    const mine = message.senderId === this.me;
    const system = message.kind === 'SYSTEM';
    return el('li', {
      className: `msg${mine ? ' mine' : ''}${system ? ' system' : ''}`,
      'data-seq': message.seq,
      'data-sender': message.senderId,
      'data-sent-at': message.sentAt,
      'data-client-msg-id': message.clientMsgId,
      'data-state': mine ? 'sent' : null,
    },
    system ? null : el('div', { className: 'meta' },
      el('span', { className: 'sender', text: mine ? 'You' : message.senderId }),
      el('time', { dateTime: message.sentAt, title: message.sentAt, text: formatTime(message.sentAt) })),
    message.content ? el('div', { className: 'content', text: message.content }) : null,
    attachments(message.attachments),
    message.editedAt ? el('span', { className: 'edited', text: 'edited' }) : null);
  }

  /** My messages the server has not confirmed: pending, sent (receipted) or failed. */
  renderOutbox() {
    if (!this.rs) return;
    const stick = this.atBottom();
    const items = [...this.rs.timeline.outbox.values()].map((entry) => el('li', {
      className: 'msg mine outgoing',
      'data-client-msg-id': entry.clientMsgId,
      'data-state': entry.state,
    },
    el('div', { className: 'content', text: entry.content }),
    el('div', { className: 'status' },
      el('span', { text: { pending: 'Sending…', sent: 'Sent', failed: `Not sent${entry.error ? ` — ${entry.error}` : ''}` }[entry.state] }),
      entry.state === 'failed' ? el('button', { type: 'button', className: 'link', 'data-retry': entry.clientMsgId, text: 'Retry' }) : null,
      entry.state === 'failed' ? el('button', { type: 'button', className: 'link', 'data-discard': entry.clientMsgId, text: 'Discard' }) : null)));
    this.outbox.replaceChildren(...items);
    if (stick) this.scrollToBottom();
  }

  /** "Seen by …" under the newest of my messages each other member has read. */
  renderReadMarkers() {
    if (!this.rs) return;
    for (const old of this.list.querySelectorAll('.readers')) old.remove();
    if (!this.rs.members) return;
    const bySeq = new Map();
    for (const [userId, member] of this.rs.members) {
      if (userId === this.me || !(member.lastReadSeq > 0)) continue;
      const target = this.newestShownAtOrBefore(member.lastReadSeq);
      if (!target) continue;
      if (!bySeq.has(target)) bySeq.set(target, []);
      bySeq.get(target).push(userId);
    }
    for (const [item, users] of bySeq) {
      item.append(el('div', { className: 'readers', text: `Seen by ${users.sort().join(', ')}` }));
    }
  }

  newestShownAtOrBefore(seq) {
    let item = this.list.lastElementChild;
    while (item && (Number(item.dataset.seq) > seq || !item.classList.contains('mine'))) item = item.previousElementSibling;
    return item;
  }

  renderTyping() {
    const typers = this.rs ? [...this.rs.typing.entries()].filter(([, until]) => until > Date.now()).map(([u]) => u) : [];
    let text = '';
    if (typers.length === 1) text = `${typers[0]} is typing…`;
    else if (typers.length === 2) text = `${typers[0]} and ${typers[1]} are typing…`;
    else if (typers.length > 2) text = 'Several people are typing…';
    $('typing').textContent = text;
  }

  renderLoadOlder() {
    $('load-older').hidden = !(this.rs && this.rs.timeline.hasOlder && this.rs.timeline.size > 0);
  }

  setNotice(text) {
    $('room-notice').textContent = text;
    $('room-notice').hidden = !text;
  }

  submit() {
    const text = this.input.value;
    if (!text.trim()) return;
    this.h.onSend(text);
    this.input.value = '';
    this.autosize();
  }

  autosize() {
    this.input.style.height = 'auto';
    this.input.style.height = `${Math.min(this.input.scrollHeight, 160)}px`;
    this.input.style.overflowY = this.input.scrollHeight > 160 ? 'auto' : 'hidden';
  }

  atBottom() {
    const s = this.scroller;
    return s.scrollHeight - s.scrollTop - s.clientHeight < 48;
  }

  scrollToBottom() {
    this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  /** True when the history does not fill the view yet: load more to allow scrolling. */
  needsMoreHistory() {
    return this.scroller.scrollHeight <= this.scroller.clientHeight + 150;
  }
}

/** A message right after another of the same sender (within 5 minutes) drops its name line. */
function regroup(item) {
  const prev = item.previousElementSibling;
  const continued = prev != null
    && !item.classList.contains('system') && !prev.classList.contains('system')
    && prev.dataset.sender === item.dataset.sender
    && Date.parse(item.dataset.sentAt) - Date.parse(prev.dataset.sentAt) < 5 * 60 * 1000;
  item.classList.toggle('continued', continued);
}

function attachments(list) {
  if (!Array.isArray(list) || !list.length) return null;
  return el('ul', { className: 'attachments' }, list.map((a) => {
    const name = a?.name || 'attachment';
    const href = safeHttpUrl(a?.url);
    const size = formatSize(a?.size);
    return el('li', {},
      href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer', text: name }) : el('span', { text: name }),
      size ? el('span', { className: 'size', text: ` ${size}` }) : null);
  }));
}
