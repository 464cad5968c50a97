// Unit tests of the pure parts of the report page's drawing modules (graph-labels.js,
// search.js, overview-groups.js, neighbourhoods.js, focus.js, timeline.js, state-tree.js,
// node-details.js, keyboard.js), run by `node --test Tests/ReportScriptTests`.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {
  GraphLabels, Search, OverviewGroups, Neighbourhoods, Focus, Timeline, StateTree, NodeDetails, Keyboard, ReportModel, FamilyNames,
} = require('./page-modules.js');

test('a label counts evaluations and their total, and keeps a sampled total as drawn', () => {
  assert.equal(GraphLabels.evaluationLine({ count: 1, timed: 1, total: '2 ms' }), '1 eval · 2 ms');
  assert.equal(GraphLabels.evaluationLine({ count: '12', timed: '12', total: '1 s' }), '12 evals · 1 s');
  assert.equal(GraphLabels.evaluationLine({ count: 100, timed: 10, total: '≈1 s' }), null);
  assert.equal(GraphLabels.evaluationLine(undefined), null);
});

test('search counts matches, and those inside closed groups', () => {
  assert.equal(Search.countText('', 0, 0), '');
  assert.equal(Search.countText('cart', 1, 0), '1 match');
  assert.equal(Search.countText('cart', 3, 2), '3 matches (2 in closed groups)');
});

test('a node is inside the groups its group is in, outermost first', () => {
  const overview = { nodeIn: [2, -1, 0] };
  const groups = new Map([[0, { key: 0, in: -1 }], [1, { key: 1, in: 0 }], [2, { key: 2, in: 1 }]]);
  assert.deepEqual(OverviewGroups.holding(overview, groups, 0), [0, 1, 2]);
  assert.deepEqual(OverviewGroups.holding(overview, groups, 1), []);
  assert.deepEqual(OverviewGroups.holding(overview, groups, 2), [0]);
  assert.deepEqual(OverviewGroups.holding(null, groups, 0), []);
  assert.equal(OverviewGroups.titleText({ title: 'Catalog.price', count: 1200 }), '▾ Catalog.price · 1,200 nodes · close ✕');
});

test('focus says why it keeps the whole graph\'s places', () => {
  assert.equal(Neighbourhoods.whyInPlace('1', true, false), 'the server has no layout of it');
  assert.equal(Neighbourhoods.whyInPlace('1', false, false), 'this page holds no layouts of neighbourhoods');
  assert.match(Neighbourhoods.whyInPlace('3', false, { depths: [[0], null, null, null] }), /no layouts at depth 3 .*--focus-layouts 3/);
  assert.match(Neighbourhoods.whyInPlace('1', false, { depths: [[-1]] }), /more than a thousand nodes/);
  assert.equal(Focus.inPlaceNote(1500, 'why'), '1,500 nodes in the whole graph\'s places: why');
});

test('the timeline counts what it shows and says what the recording dropped', () => {
  assert.equal(Timeline.countText(1, 1, ''), '1 entry');
  assert.equal(Timeline.countText(12, 3, ''), '3 of 12 entries');
  const note = Timeline.droppedNote({ timeline: 5, actions: 2, notRecorded: { tick: 40 } }, { seq: 6 });
  assert.equal(note, '5 older entries dropped; values known from #6; 2 older actions dropped; not recorded: 40 × tick');
  assert.equal(Timeline.countText(12, 12, note), `12 entries (${note})`);
  assert.equal(Timeline.droppedNote({}, undefined), '');
});

test('a slice\'s state as of an entry undoes its store\'s later changes at its path, latest first', () => {
  const model = ReportModel.create({
    nodes: [
      { id: 'app', kind: 'store' },
      { id: 'app.cart', kind: 'slice', owner: 'app', structure: [{ path: 'cart', type: '' }, { path: 'cart[0]', value: '3' }] },
    ],
    edges: [[0, 1]],
    timeline: [
      { seq: 1, kind: 'action', store: 'app', changes: [{ path: 'cart', before: '[]', after: '[1]', nodes: [1] }] },
      { seq: 2, kind: 'action', store: 'other', changes: [{ path: 'cart', before: 'x', after: 'y', nodes: [] }] },
      { seq: 3, kind: 'action', store: 'app', changes: [{ path: 'cart[0]', before: '1', after: '3', nodes: [1] }, { path: 'user', before: 'a', after: 'b', nodes: [] }] },
    ],
  });
  assert.deepEqual(StateTree.undoneAfter(model, 1, -1), []);
  assert.deepEqual(StateTree.undoneAfter(model, 1, 1).map((change) => change.path), ['cart[0]']);
  assert.deepEqual(StateTree.undoneAfter(model, 1, 0).map((change) => change.path), ['cart[0]']);
  assert.deepEqual(StateTree.rowsAsOf(model, 1, 1).map((row) => [row.label, row.value]), [['cart', undefined], ['[0]', '1']]);
  assert.deepEqual(StateTree.rowsAsOf(model, 1, -1).map((row) => row.value), [undefined, '3']);
});

test('a subscription reads as its name with its calls and times; a value\'s step by its number', () => {
  assert.equal(NodeDetails.subscriptionText({ name: 'CartView', calls: 1 }), 'CartView (1 call)');
  assert.equal(NodeDetails.subscriptionText({ name: 'Badge', calls: 3, mean: '2 µs', max: '5 µs', ended: true }),
    'Badge (3 calls, mean 2 µs, max 5 µs, ended)');
  assert.equal(NodeDetails.stepName({ seq: 74 }), '#74');
  assert.equal(NodeDetails.stepName({ seq: 3, seqText: '9007199254740993' }), '#9007199254740993');
  assert.equal(NodeDetails.stepName({}), 'an action older than the timeline');
});

test('each shortcut key has one action; other keys none', () => {
  assert.equal(Keyboard.actionOf('+'), 'zoomIn');
  assert.equal(Keyboard.actionOf('_'), 'zoomOut');
  assert.equal(Keyboard.actionOf('ArrowDown'), 'next');
  assert.equal(Keyboard.actionOf('ArrowLeft'), 'previous');
  assert.equal(Keyboard.actionOf('Escape'), 'clear');
  assert.equal(Keyboard.actionOf('x'), null);
});

test('a value line has the room of its node\'s shape at its height, and is cut with "…" to fit it', () => {
  const box = { kind: 'box', left: 0, right: 100 };
  assert.equal(GraphLabels.room(box, { x: 50, y: 0, size: 10, anchor: 'middle' }), 90);
  assert.equal(GraphLabels.room(box, { x: 20, y: 0, size: 10, anchor: 'start' }), 75);
  assert.equal(GraphLabels.room(box, { x: 20, y: 0, size: 10, anchor: 'middle' }), 30);
  assert.equal(GraphLabels.room(box, { x: 90, y: 0, size: 10, anchor: 'end' }), 85);
  // An ellipse 100 wide and 40 high: a line through its middle has nearly the whole width,
  // one near its edge much less, one outside none; a line starting left of the middle has
  // the part to the right.
  const ellipse = { kind: 'ellipse', cx: 50, cy: 20, rx: 50, ry: 20 };
  assert.ok(GraphLabels.room(ellipse, { x: 50, y: 24, size: 10, anchor: 'middle' }) > 80);
  assert.ok(GraphLabels.room(ellipse, { x: 50, y: 38, size: 10, anchor: 'middle' }) < 50);
  assert.equal(GraphLabels.room(ellipse, { x: 50, y: 60, size: 10, anchor: 'middle' }), 0);
  const start = GraphLabels.room(ellipse, { x: 20, y: 24, size: 10, anchor: 'start' });
  assert.ok(start > 60 && start < 80);
  const fits = (width) => (text) => Array.from(text).length <= width;
  assert.equal(GraphLabels.cutToFit('= "EUR"', fits(20)), '= "EUR"');
  assert.equal(GraphLabels.cutToFit('= ["SC-07", "GL-03", "HT-11"]', fits(10)), '= ["SC-07…');
  assert.equal(GraphLabels.cutToFit('= 🚀🚀🚀🚀', fits(4)), '= 🚀…');
  assert.equal(GraphLabels.cutToFit('abc', fits(0)), '…');
});

test('the subscriptions recorded say how many ended', () => {
  assert.equal(NodeDetails.subscriptionsTitle([{ name: 'a' }]), 'Subscriptions recorded (1)');
  assert.equal(NodeDetails.subscriptionsTitle([{ name: 'a' }, { name: 'b', ended: true }]), 'Subscriptions recorded (2, 1 ended)');
});

test('a family member away from its box is named whole; a node of no family keeps its label', () => {
  assert.equal(FamilyNames.fullName({ id: 'Catalog.stock("BT-42")', family: 'Catalog.stock', parameter: '"BT-42"' }), 'Catalog.stock("BT-42")');
  assert.equal(FamilyNames.fullName({ id: 'Cart.total' }), null);
});
