import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeqGate } from '../dist/index.js';

const e = (seq) => ({ roomId: 'r', seq });
const seqs = (entries) => entries.map((x) => x.seq);

test('delivers the next seq at once', () => {
  const gate = new SeqGate(4);
  assert.deepEqual(seqs(gate.offer(e(5))), [5]);
  assert.equal(gate.highestSeq, 5);
});

test('never delivers a seq twice', () => {
  const gate = new SeqGate(0);
  gate.offer(e(1));
  assert.deepEqual(gate.offer(e(1)), []);
  assert.deepEqual(gate.offer(e(0)), []);
});

test('holds entries behind a gap and releases them in order once it is filled', () => {
  const gate = new SeqGate(1);
  assert.deepEqual(gate.offer(e(4)), []);
  assert.deepEqual(gate.offer(e(3)), []);
  assert.equal(gate.gapAfter, 1);
  assert.equal(gate.waitingFrom, 3);
  assert.deepEqual(seqs(gate.offer(e(2))), [2, 3, 4]);
  assert.equal(gate.gapAfter, null);
});

test('a fill that overlaps what waits delivers each seq once', () => {
  const gate = new SeqGate(0);
  gate.offer(e(3));
  const out = [...gate.offer(e(1)), ...gate.offer(e(2)), ...gate.offer(e(3)), ...gate.offer(e(4))];
  assert.deepEqual(seqs(out), [1, 2, 3, 4]);
});

test('skipTo moves past entries held elsewhere and releases what follows', () => {
  const gate = new SeqGate(0);
  gate.offer(e(6));
  assert.deepEqual(seqs(gate.skipTo(5)), [6]);
  assert.equal(gate.highestSeq, 6);
});
