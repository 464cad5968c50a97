// Unit tests of Sources/RecoilRender/Report/Web/report/causality.js, run by `node --test
// Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { Causality } = require('./page-modules.js');

test('an action wrote the nodes of its changes, once each; another entry its node', () => {
  const action = { kind: 'action', changes: [{ nodes: [3, 4] }, { nodes: [4] }] };
  assert.deepEqual(Causality.writtenBy(action).sort(), [3, 4]);
  assert.deepEqual(Causality.writtenBy({ kind: 'action', changes: [] }), []);
  assert.deepEqual(Causality.writtenBy({ kind: 'evaluation', node: 8 }), [8]);
  assert.deepEqual(Causality.writtenBy({ kind: 'notification', store: 'app' }), []);
});

test('a value as of a step is the last change at or before it, else the first value', () => {
  const history = { first: '"EUR"', changes: [[5, '"GBP"'], [9, '"USD"'], [14, null]] };
  assert.equal(Causality.valueAsOf(history, 0), '"EUR"');
  assert.equal(Causality.valueAsOf(history, 4), '"EUR"');
  assert.equal(Causality.valueAsOf(history, 5), '"GBP"');
  assert.equal(Causality.valueAsOf(history, 13), '"USD"');
  assert.equal(Causality.valueAsOf(history, 14), null);
  assert.equal(Causality.valueAsOf(history, Infinity), null);
  assert.equal(Causality.valueAsOf({ first: 'x', changes: [] }, 3), 'x');
});

test('values as of every step of 100,000 changes agree with a walk from the start', () => {
  const changes = [];
  for (let seq = 1; seq <= 100000; seq += 1 + (seq % 3)) changes.push([seq, String(seq)]);
  const history = { first: 'start', changes };
  let walked = 'start';
  let next = 0;
  for (let bound = 0; bound <= 100001; bound += 97) {
    while (next < changes.length && changes[next][0] <= bound) walked = changes[next++][1];
    assert.equal(Causality.valueAsOf(history, bound), walked, `as of ${bound}`);
  }
});

test('as of an entry is everything up to its own number; an action older than the timeline, nothing', () => {
  const timeline = [{ kind: 'action' }, { seq: 4 }, { seq: 10 }];
  assert.equal(Causality.boundOf(timeline, 0), -Infinity);
  assert.equal(Causality.boundOf(timeline, 1), 4);
  assert.equal(Causality.boundOf(timeline, 2), 10);
  const history = { first: '"EUR"', changes: [[4, '"GBP"']] };
  assert.equal(Causality.valueAsOf(history, Causality.boundOf(timeline, 0)), '"EUR"');
});

test('a value not known before the first change is undefined; none is null', () => {
  const unknown = { unknownFirst: true, changes: [[5, '12']] };
  assert.equal(Causality.valueAsOf(unknown, 4), undefined);
  assert.equal(Causality.valueAsOf(unknown, 5), '12');
  assert.equal(Causality.valueAsOf({ changes: [[5, '12']] }, 4), null);
});

test('a node changed in the entries numbered as its changes, each entry once', () => {
  const timeline = [{ kind: 'action' }, { seq: 1 }, { seq: 3 }, { seq: 5 }, { seq: 7 }];
  const positions = Causality.indexBySeq(timeline);
  assert.deepEqual([...positions], [[1, 1], [3, 2], [5, 3], [7, 4]]);
  const history = { first: 'a', changes: [[1, 'b'], [5, 'd'], [5, 'e'], [25, 'f']] };
  assert.deepEqual(Causality.changeEntries(positions, history), [1, 3]);
});

test('what an entry caused, directly or not, in order; the chain to it, root first', () => {
  const timeline = [
    { seq: 1, kind: 'action' }, { seq: 2, kind: 'notification', cause: 1 }, { seq: 3, kind: 'write', cause: 2 },
    { seq: 4, kind: 'evaluation', cause: 3 }, { seq: 5, kind: 'write' }, { seq: 6, kind: 'evaluation', cause: 99 },
  ];
  const positions = Causality.indexBySeq(timeline);
  const caused = Causality.consequences(timeline, positions);
  assert.deepEqual(caused, [[1], [2], [3], [], [], []]);
  assert.deepEqual(Causality.causedBy(caused, 0), [1, 2, 3]);
  assert.deepEqual(Causality.causedBy(caused, 0, 2), [1, 2]);
  assert.deepEqual(Causality.chainTo(timeline, positions, 3), [0, 1, 2, 3]);
  assert.deepEqual(Causality.chainTo(timeline, positions, 4), [4]);
  // A cause the timeline no longer holds ends the chain.
  assert.deepEqual(Causality.chainTo(timeline, positions, 5), [5]);
});

test('why finds the entry recoil-inspect why --at finds, for each kind of node', () => {
  const nodes = [
    { id: 'Theme.mode', kind: 'atom' }, { id: 'Cart.total', kind: 'selector' }, { id: 'app', kind: 'store' },
    { id: 'app.cart', kind: 'slice', owner: 'app' },
  ];
  const timeline = [
    { seq: 1, kind: 'action', store: 'app', changes: [{ path: 'cart.items', nodes: [2, 3] }] },
    { seq: 2, kind: 'write', node: 0, cause: 1 },
    { seq: 3, kind: 'evaluation', node: 1, cause: 2 },
    { seq: 4, kind: 'notification', node: 1, cause: 3 },
    { seq: 5, kind: 'action', store: 'app', changes: [] },
    { seq: 6, kind: 'evaluation', node: 1 },
  ];
  assert.equal(Causality.whyEntry(timeline, nodes, 1), 5);
  assert.equal(Causality.whyEntry(timeline, nodes, 1, 4), 2);
  assert.equal(Causality.whyEntry(timeline, nodes, 0, 1), undefined);
  assert.equal(Causality.whyEntry(timeline, nodes, 2), 4);
  assert.equal(Causality.whyEntry(timeline, nodes, 3), 0);
  assert.deepEqual(Causality.historyOf(timeline, nodes, 1), [2, 3, 5]);
  assert.deepEqual(Causality.historyOf(timeline, nodes, 3), [0]);
  assert.deepEqual(Causality.historyOf(timeline, nodes, 2), [0, 4]);
});

test('the previous and next change around the chosen entry', () => {
  assert.deepEqual(Causality.neighbours([2, 5, 9], 5), { previous: 2, next: 9 });
  assert.deepEqual(Causality.neighbours([2, 5, 9], 6), { previous: 5, next: 9 });
  assert.deepEqual(Causality.neighbours([2, 5, 9], -1), { previous: undefined, next: 2 });
  assert.deepEqual(Causality.neighbours([2, 5, 9], 9), { previous: 5, next: undefined });
  assert.deepEqual(Causality.neighbours([], 3), { previous: undefined, next: undefined });
});
