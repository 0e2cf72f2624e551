// The composer under the open room: Enter sends, Shift+Enter is a new line.
// It can answer a message ("Replying to …" above it) or edit one of mine
// ("Editing …"); Escape or Cancel leaves either. `@name` of a room member in
// the text mentions that member (mentionsIn below).
import { summary } from './message-item.js';

const $ = (id) => document.getElementById(id);

/** The most mentions one message may carry (dugout.messages.max-mentions by default). */
const MAX_MENTIONS = 50;

export class Composer {
  /**
   * @param {object} h
   * @param {(text: string, extras: {replyTo: number|null, mentions: string[]}) => void} h.onSend
   * @param {(seq: number, text: string) => void} h.onEdit
   * @param {() => void} h.onTyping
   * @param {() => {me: string, members: Map<string, object>|null}} h.room
   */
  constructor(h) {
    this.h = h;
    this.input = $('composer-input');
    this.bar = $('composer-context');
    /** {mode: 'reply'|'edit', message} while answering or editing, else null */
    this.context = null;

    $('composer').addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      } else if (event.key === 'Escape' && this.context) {
        event.stopPropagation(); // leaves the reply or edit, not the room
        this.cancel();
      }
    });
    this.input.addEventListener('input', () => {
      this.autosize();
      if (this.input.value.trim() && this.context?.mode !== 'edit') this.h.onTyping();
    });
    $('composer-cancel').addEventListener('click', () => this.cancel());
  }

  /** Answers `message`: the next message sent carries `replyTo`. */
  replyTo(message) {
    if (this.context?.mode === 'edit') this.input.value = '';
    this.context = { mode: 'reply', message };
    this.renderContext();
    this.focus();
  }

  /** Puts one of my messages in the composer; sending saves the edit. */
  edit(message) {
    this.context = { mode: 'edit', message };
    this.input.value = message.content ?? '';
    this.renderContext();
    this.focus();
  }

  /** Leaves a reply or an edit (an unsent edit's text goes with it). */
  cancel() {
    if (this.context?.mode === 'edit') this.input.value = '';
    this.context = null;
    this.renderContext();
    this.autosize();
  }

  /** A message changed: keep the quote current, and stop editing a message that was deleted. */
  messageChanged(message) {
    if (!this.context || this.context.message.seq !== message.seq) return;
    if (message.deleted && this.context.mode === 'edit') return this.cancel();
    this.context.message = message;
    this.renderContext();
  }

  renderContext() {
    const c = this.context;
    this.bar.hidden = !c;
    this.bar.dataset.mode = c?.mode ?? '';
    if (!c) return;
    const { me } = this.h.room();
    const who = c.message.senderId === me ? 'yourself' : c.message.senderId;
    $('composer-context-text').textContent = c.mode === 'edit'
      ? `Editing: ${summary(c.message)}`
      : `Replying to ${who}: ${summary(c.message)}`;
  }

  submit() {
    const text = this.input.value;
    if (!text.trim()) return;
    const c = this.context;
    if (c?.mode === 'edit') {
      if (text !== c.message.content) this.h.onEdit(c.message.seq, text);
    } else {
      const { me, members } = this.h.room();
      this.h.onSend(text, {
        replyTo: c?.mode === 'reply' ? c.message.seq : null,
        mentions: mentionsIn(text, members ? [...members.keys()] : [], me),
      });
    }
    this.input.value = '';
    this.context = null;
    this.renderContext();
    this.autosize();
  }

  focus() {
    this.input.focus({ preventScroll: true });
    this.autosize();
  }

  autosize() {
    this.input.style.height = 'auto';
    this.input.style.height = `${Math.min(this.input.scrollHeight, 160)}px`;
    this.input.style.overflowY = this.input.scrollHeight > 160 ? 'auto' : 'hidden';
  }
}

/**
 * The members a text mentions: every `@id` of a member of the room, at the
 * start or after a space or punctuation (so an e-mail address is not one), each
 * once, in order, never myself. Punctuation right after the id ends it
 * (`@bob,` and `@bob!` mean bob) unless the member's id itself ends so. The
 * server does not read `@names`: this list is what it stores.
 */
export function mentionsIn(text, memberIds, me) {
  const members = new Set(memberIds);
  const found = [];
  for (const match of String(text).matchAll(/(?<![\p{L}\p{N}_@])@([^\s@]+)/gu)) {
    let id = match[1];
    while (id && !members.has(id) && /\p{P}$/u.test(id)) id = id.slice(0, -1);
    if (id && members.has(id) && id !== me && !found.includes(id)) found.push(id);
    if (found.length === MAX_MENTIONS) break;
  }
  return found;
}
