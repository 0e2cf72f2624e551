// The open room: header, messages in seq order (each in its newest state:
// edited, deleted, reactions), my outbox (pending / sent / failed with retry),
// read markers, typing line and composer.
import { Composer } from './composer.js';
import { el } from './dom.js';
import { FilePicker } from './file-picker.js';
import { FileView } from './file-view.js';
import { messageItem, outboxItem, reacted, storedFilePath } from './message-item.js';
import { roomTitle, tradeDeal } from './room-list.js';

const $ = (id) => document.getElementById(id);

export class RoomView {
  /**
   * @param {object} handlers onSend, onEdit, onDelete, onReact, outbox (a room's unconfirmed
   *   messages of mine), onRetry, onDiscard, onLoadOlder,
   *   onTyping, onAddMember, onLeave, onBack, onSeen, onFiles (photos and files to send),
   *   download (a stored file's path → its Blob)
   */
  constructor(handlers) {
    this.h = handlers;
    this.rs = null;
    this.me = null;
    this.owner = false;
    this.scroller = $('messages');
    this.list = $('message-list');
    this.outbox = $('outbox');
    this.composer = new Composer({
      onSend: (text, extras) => this.h.onSend(text, extras),
      onEdit: (seq, text) => this.h.onEdit(seq, text),
      onTyping: () => this.h.onTyping(),
      room: () => ({ me: this.me, members: this.rs?.members ?? null }),
    });
    this.files = new FileView(handlers.download, (text) => this.setNotice(text));
    this.picker = new FilePicker((files) => this.h.onFiles(files));
    this.list.addEventListener('click', (event) => this.onMessageAction(event));
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
    if (this.rs !== rs) this.files.clear();
    this.rs = rs;
    this.me = me;
    this.owner = this.isOwner();
    $('room-empty').hidden = true;
    $('room-pane').hidden = false;
    this.composer.cancel();
    this.renderHeader();
    this.renderAll();
    this.renderOutbox();
    this.renderTyping();
    this.renderLoadOlder();
    this.setNotice('');
    this.scrollToBottom();
    this.composer.focus();
  }

  hide() {
    this.rs = null;
    this.files.clear();
    this.composer.cancel();
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
    if (this.isOwner() !== this.owner) {
      // why: an OWNER may delete everyone's messages; the roles come with the members, after the rows
      this.owner = this.isOwner();
      this.renderAll();
    }
  }

  isOwner() {
    return this.rs?.members?.get(this.me)?.role === 'OWNER';
  }

  /** Every message row afresh, in seq order. */
  renderAll() {
    this.list.replaceChildren(...this.rs.timeline.ordered().map((m) => this.messageItem(m)));
    for (const item of this.list.children) regroup(item);
    this.renderReadMarkers();
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

  /**
   * Shows messages in a newer state (edited, deleted, reactions) in place, and
   * the replies that quote them.
   */
  updateMessages(messages) {
    if (!messages.length || !this.rs) return;
    const stick = this.atBottom();
    const affected = new Map(messages.map((m) => [m.seq, m]));
    for (const m of messages) {
      for (const reply of this.rs.timeline.repliesTo(m.seq)) if (!affected.has(reply.seq)) affected.set(reply.seq, reply);
      this.composer.messageChanged(m);
    }
    for (const message of affected.values()) {
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
    const quoted = message.replyTo != null ? this.rs.timeline.message(message.replyTo) : null;
    const item = messageItem(message, { me: this.me, owner: this.owner, quoted });
    this.files.fill(item);
    return item;
  }

  /**
   * A click on a message's button: reply, react, pick an emoji, edit, delete, go to a quoted
   * message, open a photo or save a file.
   */
  onMessageAction(event) {
    const button = event.target.closest('button[data-action]');
    const item = button?.closest('li[data-seq]');
    if (!button || !item || !this.rs) return;
    const seq = Number(item.dataset.seq);
    const message = this.rs.timeline.message(seq);
    if (!message) return;
    switch (button.dataset.action) {
      case 'reply': return this.composer.replyTo(message);
      case 'edit': return this.composer.edit(message);
      case 'delete':
        if (confirm('Delete this message? Everyone in the room will see that it was deleted.')) this.h.onDelete(seq);
        return undefined;
      case 'react': {
        const emoji = button.dataset.emoji;
        if (button.closest('.picker')) this.closePicker(item);
        return this.h.onReact(seq, emoji, !reacted(message, emoji, this.me));
      }
      case 'pick': {
        const picker = item.querySelector('.picker');
        if (!picker.hidden) return this.closePicker(item);
        picker.hidden = false;
        button.setAttribute('aria-expanded', 'true');
        item.classList.add('picking');
        picker.querySelector('button')?.focus();
        return undefined;
      }
      case 'open-file':
      case 'save-file': {
        const attachment = message.attachments?.[Number(button.dataset.index)];
        const path = storedFilePath(attachment);
        if (!path) return undefined;
        const name = attachment.name || 'file';
        return button.dataset.action === 'open-file' ? this.files.open(path, name) : this.files.save(path, name);
      }
      case 'quote': {
        const original = this.list.querySelector(`li[data-seq="${Number(button.dataset.replyTo)}"]`);
        if (!original) return this.setNotice('That message is further up: scroll up to load it.');
        original.scrollIntoView({ block: 'center', behavior: 'smooth' });
        original.classList.remove('flash');
        void original.offsetWidth; // why: restarts the highlight animation when clicked twice
        original.classList.add('flash');
        return undefined;
      }
      default: return undefined;
    }
  }

  closePicker(item) {
    item.querySelector('.picker').hidden = true;
    item.querySelector('[data-action=pick]')?.setAttribute('aria-expanded', 'false');
    item.classList.remove('picking');
  }

  /** My messages the server has not confirmed: pending, sent (receipted) or failed. */
  renderOutbox() {
    if (!this.rs) return;
    const stick = this.atBottom();
    const items = this.h.outbox(this.rs.id).map((entry) => outboxItem(entry, {
      me: this.me, quoted: entry.replyTo != null ? this.rs.timeline.message(entry.replyTo) : null,
    }));
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
