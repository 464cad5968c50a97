// Unit tests of Sources/RecoilRender/Report/Web/report/report-model.js, run by `node --test
// Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { ReportModel } = require('./page-modules.js');

test('reach follows edges transitively, past cycles, without the start', () => {
  // 0 -> 1 -> 2 -> 0, and 1 -> 3
  const next = [[1], [2, 3], [0], []];
  assert.deepEqual([...ReportModel.reach(0, next)].sort(), [1, 2, 3]);
  assert.deepEqual([...ReportModel.reach(3, next)], []);
});

test('reach stops at the chosen depth, counting each node at its nearest', () => {
  // 0 -> 1 -> 2 -> 3 -> 4, and 0 -> 3 (so 3 is one step away, 4 two)
  const next = [[1, 3], [2], [3], [4], []];
  assert.deepEqual([...ReportModel.reach(0, next, 1)].sort(), [1, 3]);
  assert.deepEqual([...ReportModel.reach(0, next, 2)].sort(), [1, 2, 3, 4]);
  assert.deepEqual([...ReportModel.reach(0, next, Infinity)].sort(), [1, 2, 3, 4]);
  assert.deepEqual([...ReportModel.reach(4, next, 3)], []);
  // A cycle back to the start does not count the start.
  assert.deepEqual([...ReportModel.reach(0, [[1], [0]], 5)], [1]);
});

test('the page\'s depth choice reads as a number of steps, or all', () => {
  assert.equal(ReportModel.selectionDepth('1'), 1);
  assert.equal(ReportModel.selectionDepth('3'), 3);
  assert.equal(ReportModel.selectionDepth('all'), Infinity);
  assert.equal(ReportModel.selectionDepth(''), Infinity);
  assert.equal(ReportModel.selectionDepth('0'), Infinity);
});

test('reach walks a long chain without recursion', () => {
  const count = 200000;
  const next = Array.from({ length: count }, (_, index) => (index + 1 < count ? [index + 1] : []));
  assert.equal(ReportModel.reach(0, next).size, count - 1);
});

test('search matches ids, labels and values ignoring case; an empty query matches nothing', () => {
  const nodes = [
    { id: 'Pricing.currency', label: 'currency', value: '"EUR"' },
    { id: 'Cart.total', label: 'total', value: '42' },
    { id: 'Catalog.items', value: '["boots"]' },
  ];
  const texts = nodes.map(ReportModel.searchText);
  assert.deepEqual(ReportModel.searchMatches(texts, 'eur'), [0]);
  assert.deepEqual(ReportModel.searchMatches(texts, 'CA'), [1, 2]);
  assert.deepEqual(ReportModel.searchMatches(texts, 'BOOTS'), [2]);
  assert.deepEqual(ReportModel.searchMatches(texts, ''), []);
});

test('Enter chooses the exact id, then an id or label ignoring case, then the first match', () => {
  const nodes = [{ id: 'Cart.totalTax' }, { id: 'Cart.total', label: 'Total' }, { id: 'cart.total' }];
  assert.equal(ReportModel.chooseMatch(nodes, [0, 1, 2], 'cart.total'), 2);
  assert.equal(ReportModel.chooseMatch(nodes, [0, 1], 'CART.TOTAL'), 1);
  assert.equal(ReportModel.chooseMatch(nodes, [0, 1], 'total'), 1);
  assert.equal(ReportModel.chooseMatch(nodes, [0], 'tax'), 0);
  assert.equal(ReportModel.chooseMatch(nodes, [], 'x'), undefined);
});

test('the slowest nodes by their heat, slowest first', () => {
  const nodes = [{ heat: { nanos: 5 } }, {}, { heat: { nanos: 50 } }, { heat: { nanos: 0 } }, { heat: { nanos: 7 } }];
  assert.deepEqual(ReportModel.slowest(nodes), [2, 4, 0]);
  assert.deepEqual(ReportModel.slowest(nodes, 1), [2]);
});

// A small page's data: a store with a slice, an atom and a selector reading it, and an edge to
// a node the snapshot does not hold (-1).
const data = () => ({
  nodes: [
    { id: 'app', kind: 'store', value: 'App()' },
    { id: 'app.cart', kind: 'slice', owner: 'app', value: '[]', history: { first: '[]', changes: [[3, '[1]']] } },
    { id: 'Cart.count', kind: 'atom', value: '1', history: { first: '0', changes: [[2, '1']] } },
    { id: 'Cart.total', kind: 'selector', value: '10', heat: { fill: '#ff8800', text: '#000000', nanos: 5, label: '5 ns in all' } },
  ],
  edges: [[0, 1], [2, 3], [-1, 3]],
  timeline: [
    { seq: 1, kind: 'action', store: 'app', name: 'start', changes: [] },
    { seq: 2, kind: 'write', node: 2, cause: 1, before: '0', after: '1' },
    { seq: 3, kind: 'action', store: 'app', name: 'add', changes: [{ path: 'cart', before: '[]', after: '[1]', nodes: [1] }] },
  ],
  shape: 4,
});

test('a model derives indexes, edges both ways (skipping missing ends) and what each entry caused', () => {
  const model = ReportModel.create(data());
  assert.equal(model.indexOfId.get('Cart.total'), 3);
  assert.deepEqual(model.dependencies, [[], [0], [], [2]]);
  assert.deepEqual(model.dependents, [[1], [], [3], []]);
  assert.deepEqual(model.consequences, [[1], [], []]);
  assert.deepEqual(model.withHistory, [1, 2]);
  assert.deepEqual(model.slowest, [3]);
  assert.equal(model.shape, 4);
  assert.equal(ReportModel.latestSeq(model), 3);
  assert.equal(ReportModel.latestSeq(ReportModel.create({ ...data(), timeline: [] })), null);
});

test('a value as of an entry comes from the history; without one, or with none chosen, the latest', () => {
  const model = ReportModel.create(data());
  assert.equal(ReportModel.valueAt(model, 2, 0), '0');
  assert.equal(ReportModel.valueAt(model, 2, 1), '1');
  assert.equal(ReportModel.valueAt(model, 2, -1), '1');
  assert.equal(ReportModel.valueAt(model, 3, 0), '10');
});

test('a delta appends entries once each, updates the nodes it names and what search reads', () => {
  const model = ReportModel.create(data());
  const touched = ReportModel.extend(model, {
    nodes: [
      { index: 3, value: 'FOUND', history: { first: '10', changes: [[4, 'FOUND']] } },
      { index: 9, value: 'no such node' },
    ],
    timeline: [
      { seq: 3, kind: 'action', store: 'app', name: 'add', changes: [] }, // already held
      { seq: 4, kind: 'evaluation', node: 3, cause: 2, value: 'FOUND' },
    ],
  });
  assert.deepEqual(touched, [3]);
  assert.equal(model.timeline.length, 4);
  assert.equal(model.positions.get(4), 3);
  assert.deepEqual(model.consequences[1], [3]);
  assert.deepEqual(model.withHistory, [1, 2, 3]);
  assert.equal(ReportModel.valueAt(model, 3, 2), '10');
  assert.equal(ReportModel.valueAt(model, 3, 3), 'FOUND');
  assert.deepEqual(ReportModel.searchMatches(model.searchTexts, 'found'), [3]);
  // An error the delta no longer names is gone.
  model.nodes[2].error = 'boom';
  ReportModel.extend(model, { nodes: [{ index: 2, value: '2' }] });
  assert.equal(model.nodes[2].error, undefined);
});

test('a selection marks its up- and downstream to the depth, and the edges among them', () => {
  const model = ReportModel.create({
    ...data(),
    edges: [[0, 1], [1, 2], [2, 3]],
  });
  const deep = ReportModel.marked(model, 1, 'all');
  assert.deepEqual([...deep.upstream], [0]);
  assert.deepEqual([...deep.downstream].sort(), [2, 3]);
  assert.deepEqual(deep.edges, { upstream: [0], downstream: [1, 2] });
  const near = ReportModel.marked(model, 1, '1');
  assert.deepEqual([...near.downstream], [2]);
  assert.deepEqual(near.edges.downstream, [1]);
});

test('the data these tests give the model holds the page\'s layout (Docs/report-data-v1.schema.json)', () => {
  const { check } = require('./json-schema.js');
  const schema = JSON.parse(require('node:fs').readFileSync(require('node:path').join(__dirname, '../../Docs/report-data-v1.schema.json'), 'utf8'));
  assert.deepEqual(check(schema, data(), schema), []);
});
