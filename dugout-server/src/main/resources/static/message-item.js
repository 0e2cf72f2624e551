// One message of the open room as a list item (and one of my unconfirmed ones): who and when, a quote of the
// message it replies to, its content or a tombstone, attachments, "edited",
// reaction chips and the actions I may take on it. Everything users wrote goes
// in as text (el() in dom.js); the actions are buttons with `data-action`,
// handled by the room view.
import { el, formatSize, formatTime, safeHttpUrl } from './dom.js';

/** The emoji offered by the reaction picker. */
export const QUICK_EMOJI = ['👍', '❤️', '😂', '🎉', '😮', '😢'];

/**
 * @param {object} message  the message in its newest known state
 * @param {object} o
 * @param {string} o.me       my user id
 * @param {boolean} o.owner   whether I am the room's OWNER (who may delete others' messages)
 * @param {object|null} o.quoted  the message it replies to, when held (fresher than its `reply` preview)
 */
export function messageItem(message, { me, owner, quoted }) {
  const mine = message.senderId === me;
  const system = message.kind === 'SYSTEM';
  const deleted = message.deleted === true;
  const mentioned = !mine && !deleted && Array.isArray(message.mentions) && message.mentions.includes(me);
  const className = ['msg', mine && 'mine', system && 'system', deleted && 'deleted', mentioned && 'mentioned']
    .filter(Boolean).join(' ');
  return el('li', {
    className,
    'data-seq': message.seq,
    'data-sender': message.senderId,
    'data-sent-at': message.sentAt,
    'data-client-msg-id': message.clientMsgId,
    'data-state': mine ? 'sent' : null,
  },
  system ? null : el('div', { className: 'meta' },
    el('span', { className: 'sender', text: mine ? 'You' : message.senderId }),
    el('time', { dateTime: message.sentAt, title: message.sentAt, text: formatTime(message.sentAt) }),
    mentioned ? el('span', { className: 'mention-note', text: 'mentions you' }) : null),
  quote(message, quoted, me),
  deleted
    ? el('p', { className: 'tombstone', text: 'Message deleted' })
    : message.content ? el('div', { className: 'content', text: message.content }) : null,
  deleted ? null : attachments(message),
  message.editedAt && !deleted ? el('span', { className: 'edited', text: 'edited' }) : null,
  reactions(message, me),
  system || deleted ? null : actions(message, mine, owner));
}

/**
 * One of my messages not confirmed yet: uploading its file (with Cancel), pending,
 * sent (receipted) or failed, with Retry (unless the server refused the file itself) and Discard.
 */
export function outboxItem(entry, { me, quoted }) {
  const failed = entry.state === 'failed';
  const percent = Math.floor((entry.upload?.progress ?? 0) * 100);
  const status = {
    uploading: `Uploading… ${percent} %`,
    pending: 'Sending…',
    sent: 'Sent',
    failed: `Not sent${entry.error ? ` — ${entry.error}` : ''}`,
  };
  const file = entry.upload?.file;
  return el('li', { className: 'msg mine outgoing', 'data-client-msg-id': entry.clientMsgId, 'data-state': entry.state },
    quote(entry, quoted, me),
    el('div', { className: 'content', text: entry.content }),
    file ? el('ul', { className: 'attachments' }, el('li', {},
      el('span', { text: file.name || 'file' }),
      el('span', { className: 'size', text: ` ${formatSize(file.size)}` }))) : null,
    entry.state === 'uploading'
      ? el('progress', { max: 100, value: percent, 'aria-label': `Uploading ${file?.name || 'file'}` }) : null,
    el('div', { className: 'status' },
      el('span', { text: status[entry.state] }),
      failed && !entry.final ? el('button', { type: 'button', className: 'link', 'data-retry': entry.clientMsgId, text: 'Retry' }) : null,
      failed ? el('button', { type: 'button', className: 'link', 'data-discard': entry.clientMsgId, text: 'Discard' }) : null,
      entry.state === 'uploading'
        ? el('button', { type: 'button', className: 'link', 'data-discard': entry.clientMsgId, text: 'Cancel' }) : null));
}

/** A quote of the message this one replies to: the held copy if any, else the server's preview. */
function quote(message, quoted, me) {
  if (message.replyTo == null) return null;
  const of = quoted ?? message.reply;
  const sender = of?.senderId ? (of.senderId === me ? 'You' : of.senderId) : '';
  return el('button', {
    type: 'button', className: 'quote', 'data-action': 'quote', 'data-reply-to': message.replyTo,
    'aria-label': `Replying to ${sender || 'a message'}: show it`,
  },
  el('span', { className: 'quote-sender', text: sender }),
  el('span', { className: 'quote-text', text: summary(of) }));
}

/** One line of text for a message in a quote or in the composer's "Replying to". */
export function summary(message) {
  if (!message) return 'an earlier message';
  if (message.deleted) return 'Message deleted';
  if (message.content) return message.content.length > 100 ? `${message.content.slice(0, 100)}…` : message.content;
  const file = message.attachments?.[0]?.name;
  return file || (message.kind ? message.kind.toLowerCase() : 'message');
}

/** Whether I have reacted to `message` with `emoji`. */
export function reacted(message, emoji, me) {
  return (message.reactions ?? []).some((r) => r.emoji === emoji && r.users?.includes(me));
}

function reactions(message, me) {
  const list = Array.isArray(message.reactions) ? message.reactions.filter((r) => r?.count > 0) : [];
  if (!list.length) return null;
  const open = message.deleted !== true;
  return el('div', { className: 'reactions' }, list.map((r) => {
    const pressed = Array.isArray(r.users) && r.users.includes(me);
    return el('button', {
      type: 'button', className: 'reaction', 'data-action': 'react', 'data-emoji': r.emoji,
      'aria-pressed': String(pressed), disabled: !open,
      title: Array.isArray(r.users) ? r.users.join(', ') : '',
      'aria-label': `${r.emoji} ${r.count}${pressed ? ', including you' : ''}`,
    },
    el('span', { className: 'emoji', text: r.emoji }),
    el('span', { className: 'count', text: String(r.count) }));
  }));
}

function actions(message, mine, owner) {
  const editable = mine && (message.kind === 'TEXT' || message.kind === 'EMOJI');
  const button = (action, text, label) => el('button', {
    type: 'button', className: 'link', 'data-action': action, text, 'aria-label': label,
  });
  return el('div', { className: 'actions' },
    el('div', { className: 'action-row' },
      button('reply', 'Reply', 'Reply to this message'),
      el('button', {
        type: 'button', className: 'link', 'data-action': 'pick', text: '☺+', 'aria-label': 'Add a reaction', 'aria-expanded': 'false',
      }),
      editable ? button('edit', 'Edit', 'Edit this message') : null,
      mine || owner ? button('delete', 'Delete', 'Delete this message') : null),
    el('div', { className: 'picker', hidden: true, role: 'group', 'aria-label': 'Reactions' },
      QUICK_EMOJI.map((emoji) => el('button', {
        type: 'button', 'data-action': 'react', 'data-emoji': emoji, text: emoji, 'aria-label': `React with ${emoji}`,
      }))));
}

/** The longest side of a thumbnail (docs/protocol.md, "Files"). */
const THUMBNAIL = 320;

/**
 * A file Dugout stores is named by a path on this server (`/api/v1/rooms/{id}/files/{uploadId}`),
 * fetched with my token by file-view.js; any other URL is a link elsewhere, which never gets the token.
 */
export function storedFilePath(attachment) {
  const url = attachment?.url;
  return attachment?.uploadId && typeof url === 'string' && /^\/api\/v1\/rooms\/[^/?#]+\/files\/[^/?#]+$/.test(url)
    ? url : null;
}

function attachments(message) {
  const list = message.attachments;
  if (!Array.isArray(list) || !list.length) return null;
  return el('ul', { className: 'attachments' }, list.map((a, index) => {
    const name = a?.name || 'attachment';
    const size = formatSize(a?.size);
    const stored = storedFilePath(a);
    if (stored && message.kind === 'IMAGE' && a.width > 0 && a.height > 0) return el('li', {}, photo(a, stored, index, name));
    const href = stored ? null : safeHttpUrl(a?.url);
    let link = el('span', { text: name });
    if (stored) {
      link = el('button', {
        type: 'button', className: 'link file', 'data-action': 'save-file', 'data-index': index, text: name,
        'aria-label': `Download ${name}${size ? `, ${size}` : ''}`,
      });
    } else if (href) {
      link = el('a', { href, target: '_blank', rel: 'noopener noreferrer', text: name });
    }
    return el('li', {}, link, size ? el('span', { className: 'size', text: ` ${size}` }) : null);
  }));
}

/** A photo's thumbnail, sized from the attachment before it loads so the timeline does not jump. */
function photo(a, path, index, name) {
  const scale = Math.min(1, THUMBNAIL / Math.max(a.width, a.height));
  return el('button', {
    type: 'button', className: 'photo', 'data-action': 'open-file', 'data-index': index, 'aria-label': `Open the photo ${name}`,
  },
  el('img', {
    alt: name,
    width: Math.max(1, Math.round(a.width * scale)),
    height: Math.max(1, Math.round(a.height * scale)),
    'data-file-src': `${path}/thumbnail`,
  }));
}
