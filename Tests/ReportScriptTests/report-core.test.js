// Unit tests of the report page's pure parts (Sources/RecoilRender/Report/Web/report-core.js),
// run by `node --test Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const ReportCore = require(path.join(__dirname, '../../Sources/RecoilRender/Report/Web/report-core.js'));

test('reach follows edges transitively, past cycles, without the start', () => {
  // 0 -> 1 -> 2 -> 0, and 1 -> 3
  const next = [[1], [2, 3], [0], []];
  assert.deepEqual([...ReportCore.reach(0, next)].sort(), [1, 2, 3]);
  assert.deepEqual([...ReportCore.reach(3, next)], []);
});

test('reach walks a long chain without recursion', () => {
  const count = 200000;
  const next = Array.from({ length: count }, (_, index) => (index + 1 < count ? [index + 1] : []));
  assert.equal(ReportCore.reach(0, next).size, count - 1);
});

test('the visible rows cover the view with a margin, within the list', () => {
  assert.deepEqual(ReportCore.visibleRows(0, 100, 20, 1000), [0, 21]);
  assert.deepEqual(ReportCore.visibleRows(2000, 100, 20, 1000), [92, 113]);
  assert.deepEqual(ReportCore.visibleRows(19990, 100, 20, 1000), [991, 1000]);
  assert.deepEqual(ReportCore.visibleRows(500, 100, 20, 0), [0, 0]);
});

test('the visible rows of 100,000 entries are a few dozen wherever the view is', () => {
  for (const top of [0, 1e5, 1e6, 19.99e5]) {
    const [first, last] = ReportCore.visibleRows(top, 600, 20, 100000);
    assert.ok(last - first <= 600 / 20 + 16, `${first}..${last}`);
    assert.ok(first <= Math.floor(top / 20) && last >= Math.min(100000, Math.ceil((top + 600) / 20)));
  }
});

test('search matches ids, labels and values ignoring case; an empty query matches nothing', () => {
  const nodes = [
    { id: 'Pricing.currency', label: 'currency', value: '"EUR"' },
    { id: 'Cart.total', label: 'total', value: '42' },
    { id: 'Catalog.items', value: '["boots"]' },
  ];
  const texts = nodes.map(ReportCore.searchText);
  assert.deepEqual(ReportCore.searchMatches(texts, 'eur'), [0]);
  assert.deepEqual(ReportCore.searchMatches(texts, 'CA'), [1, 2]);
  assert.deepEqual(ReportCore.searchMatches(texts, 'BOOTS'), [2]);
  assert.deepEqual(ReportCore.searchMatches(texts, ''), []);
});

test('Enter chooses the exact id, then an id or label ignoring case, then the first match', () => {
  const nodes = [{ id: 'Cart.totalTax' }, { id: 'Cart.total', label: 'Total' }, { id: 'cart.total' }];
  assert.equal(ReportCore.chooseMatch(nodes, [0, 1, 2], 'cart.total'), 2);
  assert.equal(ReportCore.chooseMatch(nodes, [0, 1], 'CART.TOTAL'), 1);
  assert.equal(ReportCore.chooseMatch(nodes, [0, 1], 'total'), 1);
  assert.equal(ReportCore.chooseMatch(nodes, [0], 'tax'), 0);
  assert.equal(ReportCore.chooseMatch(nodes, [], 'x'), undefined);
});

test('an entry wrote the nodes of its changes and the atoms its effects wrote, once each', () => {
  const entry = {
    changes: [{ nodes: [3, 4] }, { nodes: [4] }],
    caused: [{ kind: 'write', node: 7 }, { kind: 'evaluation', node: 8 }, { kind: 'write' }],
  };
  assert.deepEqual(ReportCore.writtenBy(entry).sort(), [3, 4, 7]);
  assert.deepEqual(ReportCore.writtenBy({ changes: [] }), []);
});

test('a value as of a step is the last change at or before it, else the first value', () => {
  const history = { first: '"EUR"', changes: [[5, '"GBP"'], [9, '"USD"'], [14, null]] };
  assert.equal(ReportCore.valueAsOf(history, 0), '"EUR"');
  assert.equal(ReportCore.valueAsOf(history, 4), '"EUR"');
  assert.equal(ReportCore.valueAsOf(history, 5), '"GBP"');
  assert.equal(ReportCore.valueAsOf(history, 13), '"USD"');
  assert.equal(ReportCore.valueAsOf(history, 14), null);
  assert.equal(ReportCore.valueAsOf(history, Infinity), null);
  assert.equal(ReportCore.valueAsOf({ first: 'x', changes: [] }, 3), 'x');
});

test('values as of every step of 100,000 changes agree with a walk from the start', () => {
  const changes = [];
  for (let seq = 1; seq <= 100000; seq += 1 + (seq % 3)) changes.push([seq, String(seq)]);
  const history = { first: 'start', changes };
  let walked = 'start';
  let next = 0;
  for (let bound = 0; bound <= 100001; bound += 97) {
    while (next < changes.length && changes[next][0] <= bound) walked = changes[next++][1];
    assert.equal(ReportCore.valueAsOf(history, bound), walked, `as of ${bound}`);
  }
});

test('as of an action: everything before the next action, or everything after the last', () => {
  const timeline = [{ causalSeq: 1 }, { causalSeq: 4 }, {}, { causalSeq: 10 }];
  assert.equal(ReportCore.boundOf(timeline, 0), 3);
  assert.equal(ReportCore.boundOf(timeline, 1), 9);
  assert.equal(ReportCore.boundOf(timeline, 2), undefined);
  assert.equal(ReportCore.boundOf(timeline, 3), Infinity);
});

test('a node changed in the entries whose span holds its changes, each entry once', () => {
  const timeline = [{ causalSeq: 3 }, { causalSeq: 8 }, {}, { causalSeq: 20 }];
  const history = { first: 'a', changes: [[1, 'b'], [3, 'c'], [5, 'd'], [7, 'e'], [25, 'f']] };
  assert.deepEqual(ReportCore.changeEntries(timeline, history), [0, 3]);
  assert.deepEqual(ReportCore.changeEntries(timeline, { first: 'a', changes: [[8, 'x'], [19, 'y']] }), [1]);
  assert.deepEqual(ReportCore.changeEntries([], history), []);
});

test('the previous and next change around the chosen entry', () => {
  assert.deepEqual(ReportCore.neighbours([2, 5, 9], 5), { previous: 2, next: 9 });
  assert.deepEqual(ReportCore.neighbours([2, 5, 9], 6), { previous: 5, next: 9 });
  assert.deepEqual(ReportCore.neighbours([2, 5, 9], -1), { previous: undefined, next: 2 });
  assert.deepEqual(ReportCore.neighbours([2, 5, 9], 9), { previous: 5, next: undefined });
  assert.deepEqual(ReportCore.neighbours([], 3), { previous: undefined, next: undefined });
});

test('a label shows a value cut as the renderer cuts it, with control characters made visible', () => {
  assert.equal(ReportCore.labelPreview('"EUR"'), '"EUR"');
  assert.equal(ReportCore.labelPreview('a\nb'), 'a b');
  assert.equal(ReportCore.labelPreview('x'.repeat(40)), 'x'.repeat(31) + '…');
  assert.equal(ReportCore.labelPreview('x'.repeat(32)), 'x'.repeat(32));
  assert.equal(ReportCore.labelPreview('é'.repeat(20)), 'é'.repeat(20));  // 40 bytes, 20 characters
  assert.equal(ReportCore.labelPreview('\u001b[31m\u202e'), '\u241b[31m\u202e');
  assert.equal(ReportCore.labelPreview('\u0085\u007f'), '\ufffd\u2421');
});
