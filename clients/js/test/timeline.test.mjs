import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Timeline } from '../dist/index.js';

const msg = (seq, extra = {}) => ({ roomId: 'r', seq, senderId: 'a', kind: 'TEXT', content: `m${seq}`, attachments: [], sentAt: '', ...extra });
const edit = (seq, target, content) => ({ roomId: 'r', seq, change: 'message.edited', targetSeq: target.seq, target: { ...target, content, changedSeq: seq } });

test('an edit replaces the message it targets and is not a row', () => {
  const t = new Timeline();
  t.fold([msg(1), msg(2)]);
  const folded = t.fold([edit(3, msg(1), 'new')]);
  assert.deepEqual(t.messages().map((m) => m.content), ['new', 'm2']);
  assert.equal(folded.changed.length, 1);
  assert.equal(t.highestSeq, 3);
});

test('an older copy arriving after a newer one does not win', () => {
  const t = new Timeline();
  t.fold([msg(1)]);
  t.fold([edit(5, msg(1), 'second'), edit(4, msg(1), 'first')]);
  t.fold([msg(1)]);
  assert.equal(t.message(1).content, 'second');
});

test('a change that comes before its row keeps its state for when the row arrives', () => {
  const t = new Timeline();
  t.fold([edit(9, msg(2), 'edited')]);
  assert.equal(t.size, 0);
  const folded = t.fold([msg(2)]);
  assert.equal(folded.added[0].content, 'edited');
});

test('entries seen twice count once, whatever the order', () => {
  const t = new Timeline();
  t.fold([msg(3), msg(1)]);
  t.fold([msg(2), msg(3), msg(1)]);
  assert.deepEqual(t.messages().map((m) => m.seq), [1, 2, 3]);
  assert.equal(t.lowestSeq, 1);
});

test('a change without target (its row is in the same page) changes nothing', () => {
  const t = new Timeline();
  const folded = t.fold([msg(1, { reactions: [{ emoji: '👍', count: 1, users: ['b'] }], changedSeq: 2 }),
    { roomId: 'r', seq: 2, change: 'reaction.added', targetSeq: 1, emoji: '👍' }]);
  assert.equal(folded.added.length, 1);
  assert.equal(t.message(1).reactions[0].count, 1);
});

test('a delete folds in as a tombstone', () => {
  const t = new Timeline();
  t.fold([msg(1)]);
  t.fold([{ roomId: 'r', seq: 2, change: 'message.deleted', targetSeq: 1, target: { ...msg(1), content: '', deleted: true, changedSeq: 2 } }]);
  assert.equal(t.message(1).deleted, true);
});
