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
