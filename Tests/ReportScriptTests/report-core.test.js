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

test('reach stops at the chosen depth, counting each node at its nearest', () => {
  // 0 -> 1 -> 2 -> 3 -> 4, and 0 -> 3 (so 3 is one step away, 4 two)
  const next = [[1, 3], [2], [3], [4], []];
  assert.deepEqual([...ReportCore.reach(0, next, 1)].sort(), [1, 3]);
  assert.deepEqual([...ReportCore.reach(0, next, 2)].sort(), [1, 2, 3, 4]);
  assert.deepEqual([...ReportCore.reach(0, next, Infinity)].sort(), [1, 2, 3, 4]);
  assert.deepEqual([...ReportCore.reach(4, next, 3)], []);
  // A cycle back to the start does not count the start.
  assert.deepEqual([...ReportCore.reach(0, [[1], [0]], 5)], [1]);
});

test('the page\'s depth choice reads as a number of steps, or all', () => {
  assert.equal(ReportCore.selectionDepth('1'), 1);
  assert.equal(ReportCore.selectionDepth('3'), 3);
  assert.equal(ReportCore.selectionDepth('all'), Infinity);
  assert.equal(ReportCore.selectionDepth(''), Infinity);
  assert.equal(ReportCore.selectionDepth('0'), Infinity);
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

test('an action wrote the nodes of its changes, once each; another entry its node', () => {
  const action = { kind: 'action', changes: [{ nodes: [3, 4] }, { nodes: [4] }] };
  assert.deepEqual(ReportCore.writtenBy(action).sort(), [3, 4]);
  assert.deepEqual(ReportCore.writtenBy({ kind: 'action', changes: [] }), []);
  assert.deepEqual(ReportCore.writtenBy({ kind: 'evaluation', node: 8 }), [8]);
  assert.deepEqual(ReportCore.writtenBy({ kind: 'notification', store: 'app' }), []);
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

test('as of an entry is everything up to its own number; an action older than the timeline, nothing', () => {
  const timeline = [{ kind: 'action' }, { seq: 4 }, { seq: 10 }];
  assert.equal(ReportCore.boundOf(timeline, 0), -Infinity);
  assert.equal(ReportCore.boundOf(timeline, 1), 4);
  assert.equal(ReportCore.boundOf(timeline, 2), 10);
  const history = { first: '"EUR"', changes: [[4, '"GBP"']] };
  assert.equal(ReportCore.valueAsOf(history, ReportCore.boundOf(timeline, 0)), '"EUR"');
});

test('a value not known before the first change is undefined; none is null', () => {
  const unknown = { unknownFirst: true, changes: [[5, '12']] };
  assert.equal(ReportCore.valueAsOf(unknown, 4), undefined);
  assert.equal(ReportCore.valueAsOf(unknown, 5), '12');
  assert.equal(ReportCore.valueAsOf({ changes: [[5, '12']] }, 4), null);
});

test('a node changed in the entries numbered as its changes, each entry once', () => {
  const timeline = [{ kind: 'action' }, { seq: 1 }, { seq: 3 }, { seq: 5 }, { seq: 7 }];
  const positions = ReportCore.indexBySeq(timeline);
  assert.deepEqual([...positions], [[1, 1], [3, 2], [5, 3], [7, 4]]);
  const history = { first: 'a', changes: [[1, 'b'], [5, 'd'], [5, 'e'], [25, 'f']] };
  assert.deepEqual(ReportCore.changeEntries(positions, history), [1, 3]);
});

test('what an entry caused, directly or not, in order; the chain to it, root first', () => {
  const timeline = [
    { seq: 1, kind: 'action' }, { seq: 2, kind: 'notification', cause: 1 }, { seq: 3, kind: 'write', cause: 2 },
    { seq: 4, kind: 'evaluation', cause: 3 }, { seq: 5, kind: 'write' }, { seq: 6, kind: 'evaluation', cause: 99 },
  ];
  const positions = ReportCore.indexBySeq(timeline);
  const caused = ReportCore.consequences(timeline, positions);
  assert.deepEqual(caused, [[1], [2], [3], [], [], []]);
  assert.deepEqual(ReportCore.causedBy(caused, 0), [1, 2, 3]);
  assert.deepEqual(ReportCore.causedBy(caused, 0, 2), [1, 2]);
  assert.deepEqual(ReportCore.chainTo(timeline, positions, 3), [0, 1, 2, 3]);
  assert.deepEqual(ReportCore.chainTo(timeline, positions, 4), [4]);
  // A cause the timeline no longer holds ends the chain.
  assert.deepEqual(ReportCore.chainTo(timeline, positions, 5), [5]);
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
  assert.equal(ReportCore.whyEntry(timeline, nodes, 1), 5);
  assert.equal(ReportCore.whyEntry(timeline, nodes, 1, 4), 2);
  assert.equal(ReportCore.whyEntry(timeline, nodes, 0, 1), undefined);
  assert.equal(ReportCore.whyEntry(timeline, nodes, 2), 4);
  assert.equal(ReportCore.whyEntry(timeline, nodes, 3), 0);
  assert.deepEqual(ReportCore.historyOf(timeline, nodes, 1), [2, 3, 5]);
  assert.deepEqual(ReportCore.historyOf(timeline, nodes, 3), [0]);
  assert.deepEqual(ReportCore.historyOf(timeline, nodes, 2), [0, 4]);
});

test('a glob reads as --node reads it: * ? sets, ranges, negation and escapes', () => {
  const matches = (pattern, text) => ReportCore.glob(pattern)(text);
  assert.ok(matches('Cart.*', 'Cart.total'));
  assert.ok(!matches('Cart.*', 'Cartxtotal'));
  assert.ok(matches('Catalog.stock(*)', 'Catalog.stock("HT-11")'));
  assert.ok(matches('?at', 'cat') && !matches('?at', 'at'));
  assert.ok(matches('[a-c]x', 'bx') && !matches('[!a-c]x', 'bx') && matches('[!a-c]x', 'dx'));
  assert.ok(matches('x[a-]', 'x-') && matches('\\*', '*') && !matches('\\*', 'a'));
  assert.ok(matches('a/b(c)+$', 'a/b(c)+$'));
  assert.throws(() => ReportCore.glob('[z-a]'), /reversed/);
  assert.throws(() => ReportCore.glob('[abc'), /without its \]/);
  assert.throws(() => ReportCore.glob('a\\'), /lone backslash/);
});

const filterNodes = [
  { id: 'app', kind: 'store' }, { id: 'app.cart', kind: 'slice', owner: 'app' },
  { id: 'Cart.total', kind: 'selector' }, { id: 'Theme.mode', kind: 'atom' }, { id: 'other', kind: 'store' },
];
const filterTimeline = [
  { seq: 1, kind: 'action', store: 'app', name: 'add', payload: '"boots"', changes: [{ path: 'cart.items', before: '[]', after: '["boots"]', nodes: [0, 1] }] },
  { seq: 2, kind: 'evaluation', node: 2, trigger: 'dependency app.cart', changed: true, value: '129' },
  { seq: 3, kind: 'evaluation', node: 2, trigger: 'dependency app.cart', changed: false },
  { seq: 4, kind: 'write', node: 3, before: '"light"', after: '"dark"', site: 'App/Theme.swift:9' },
  { seq: 5, kind: 'action', store: 'other', name: 'noop', changes: [] },
  { seq: 6, kind: 'notification', store: 'app', subscribers: 2 },
];
function kept(fields) {
  const { filter, error } = ReportCore.makeFilter(fields, ['action', 'write', 'evaluation', 'notification', 'effect', 'resolution']);
  assert.equal(error, null);
  return ReportCore.filterEntries(filterTimeline, filterNodes, filter);
}

test('the filters keep what the command line keeps, and combine', () => {
  assert.deepEqual(kept({}), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(kept({ store: 'app' }), [0, 5]);
  assert.deepEqual(kept({ node: 'app.*' }), [0]);
  assert.deepEqual(kept({ node: 'Cart.*' }), [1, 2]);
  assert.deepEqual(kept({ kind: 'write, evaluation' }), [1, 2, 3]);
  assert.deepEqual(kept({ grep: 'BOOTS' }), [0]);
  assert.deepEqual(kept({ grep: 'theme.swift' }), [3]);
  assert.deepEqual(kept({ grep: '129' }), [1]);
  assert.deepEqual(kept({ hideUnchanged: true }), [0, 1, 3, 5]);
  assert.deepEqual(kept({ touching: 2 }), [1, 2]);
  assert.deepEqual(kept({ touching: 1 }), [0]);
  assert.deepEqual(kept({ touching: 0 }), [0, 5]);
  assert.deepEqual(kept({ kind: 'evaluation', hideUnchanged: true }), [1]);
});

test('the filters that leave out drop what they name, and combine with the others', () => {
  assert.deepEqual(kept({ notKind: 'evaluation' }), [0, 3, 4, 5]);
  assert.deepEqual(kept({ notKind: 'evaluation, notification' }), [0, 3, 4]);
  assert.deepEqual(kept({ notNode: 'Cart.*' }), [0, 3, 4, 5]);
  // An action is about the slices it changed: leaving out app.cart leaves out the action
  // that changed only it; leaving out the store alone keeps it, and drops the notification.
  assert.deepEqual(kept({ notNode: 'app.cart' }), [1, 2, 3, 4, 5]);
  assert.deepEqual(kept({ notNode: 'app' }), [0, 1, 2, 3, 4]);
  assert.deepEqual(kept({ notNode: 'app*' }), [1, 2, 3, 4]);
  assert.deepEqual(kept({ store: 'app', notKind: 'notification' }), [0]);
  assert.deepEqual(kept({ kind: 'evaluation,write', notNode: 'Cart.*' }), [3]);
  const kinds = ['action', 'write'];
  assert.deepEqual(ReportCore.makeFilter({ notKind: 'writes' }, kinds).error,
    { field: 'notKind', message: '--not-kind writes: not a kind (action, write)' });
  assert.equal(ReportCore.makeFilter({ notNode: '[b-a]' }, kinds).error.field, 'notNode');
});

test('a bad filter names its field and says what is wrong', () => {
  const kinds = ['action', 'write'];
  assert.deepEqual(ReportCore.makeFilter({ kind: 'action,writes' }, kinds).error,
    { field: 'kind', message: '--kind writes: not a kind (action, write)' });
  assert.equal(ReportCore.makeFilter({ node: '[b-a]' }, kinds).error.field, 'node');
  assert.equal(ReportCore.makeFilter({ node: '[b-a]' }, kinds).filter, null);
});

test('100,000 entries filter and step at once', () => {
  const nodes = [{ id: 'a', kind: 'atom' }, { id: 'b', kind: 'selector' }];
  const timeline = Array.from({ length: 100000 }, (_, index) => (
    index % 2 ? { seq: index + 1, kind: 'write', node: 0, before: String(index - 1), after: String(index) }
      : { seq: index + 1, kind: 'evaluation', node: 1, changed: index % 4 === 0 }));
  const { filter } = ReportCore.makeFilter({ kind: 'evaluation', hideUnchanged: true }, ['write', 'evaluation']);
  const shown = ReportCore.filterEntries(timeline, nodes, filter);
  assert.equal(shown.length, 25000);
  assert.ok(shown.every((index) => index % 4 === 0));
  assert.equal(ReportCore.stepWithin(shown, 40000, 1), 40004);
  assert.equal(ReportCore.stepWithin(shown, 40001, 1), 40004);
  assert.equal(ReportCore.stepWithin(shown, 40001, -1), 40000);
  assert.equal(ReportCore.stepWithin(shown, 99996, 1), 99996);
  assert.equal(ReportCore.stepWithin(shown, -1, 1), 0);
  assert.equal(ReportCore.stepWithin(shown, -1, -1), 99996);
  assert.equal(ReportCore.stepWithin([], 3, 1), undefined);
});

test('an entry reads as one line: number, kind, subject and what it did', () => {
  const nodes = filterNodes;
  assert.equal(ReportCore.entryTitle(filterTimeline[0], nodes), '#1 action app #? add "boots"');
  assert.equal(ReportCore.entryTitle(filterTimeline[1], nodes), '#2 evaluation Cart.total = 129 (dependency app.cart)');
  assert.equal(ReportCore.entryTitle(filterTimeline[2], nodes), '#3 evaluation Cart.total unchanged (dependency app.cart)');
  assert.equal(ReportCore.entryTitle(filterTimeline[3], nodes), '#4 write Theme.mode "light" → "dark"');
  assert.equal(ReportCore.entryTitle(filterTimeline[5], nodes), '#6 notification app 2 subscribers');
  assert.equal(ReportCore.entryTitle({ kind: 'action', store: 'app', storeSeq: 3, name: 'x' }, nodes), 'action app #3 x');
});

test('text from the app shows bidi controls and control characters as markers, never applies them', () => {
  assert.equal(ReportCore.visible('abc\u202Edef'), 'abc⟨U+202E⟩def');
  assert.equal(ReportCore.visible('\u2066x\u2069\u200f'), '⟨U+2066⟩x⟨U+2069⟩⟨U+200F⟩');
  assert.equal(ReportCore.visible('bell\u0007 esc\u001b[31m'), 'bell⟨U+0007⟩ esc⟨U+001B⟩[31m');
  assert.equal(ReportCore.visible('a\nb\tc'), 'a⟨U+000A⟩b⟨U+0009⟩c');
  assert.equal(ReportCore.visible('a\nb\tc', true), 'a\nb\tc');
  assert.equal(ReportCore.visible('plain "text" <b>'), 'plain "text" <b>');
});

test('the slowest nodes by their heat, slowest first', () => {
  const nodes = [{ heat: { nanos: 5 } }, {}, { heat: { nanos: 50 } }, { heat: { nanos: 0 } }, { heat: { nanos: 7 } }];
  assert.deepEqual(ReportCore.slowest(nodes), [2, 4, 0]);
  assert.deepEqual(ReportCore.slowest(nodes, 1), [2]);
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
  assert.equal(ReportCore.labelPreview('\u001b[31m\u202e'), '\u241b[31m⟨U+202E⟩');
  assert.equal(ReportCore.labelPreview('\u0085\u007f'), '\ufffd\u2421');
});

test('a preview reads back as rows at the paths a diff gives', () => {
  assert.deepEqual(ReportCore.previewRows('Line(productID: "BT-42", quantity: 3)', 'lines[0]'), [
    { path: 'lines[0]', type: 'Line' }, { path: 'lines[0].productID', value: '"BT-42"' },
    { path: 'lines[0].quantity', value: '3' },
  ]);
  assert.deepEqual(ReportCore.previewRows('placed(orderNumber: 1042)', 'step').map((row) => row.path),
    ['step', 'step.placed', 'step.placed.orderNumber']);
  assert.deepEqual(ReportCore.previewRows('address("1 Harbor, Street")', 'step'),
    [{ path: 'step', type: '' }, { path: 'step.address', value: '"1 Harbor, Street"' }]);
  assert.deepEqual(ReportCore.previewRows('["a": 1]', 'm').map((row) => row.path), ['m', 'm["a"]']);
  assert.deepEqual(ReportCore.previewRows('Set(["A"])', 's').map((row) => row.path), ['s', 's{"A"}']);
  assert.deepEqual(ReportCore.previewRows('Optional("x")', 'c'), [{ path: 'c', value: '"x"' }]);
  // Cut, or otherwise unreadable: one leaf with the text.
  assert.deepEqual(ReportCore.previewRows('Line(productID: "x", quant…', 'l'), [{ path: 'l', value: 'Line(productID: "x", quant…' }]);
  assert.deepEqual(ReportCore.previewRows('[]', 'l'), [{ path: 'l', value: '[]' }]);
});

test('the state as of a step is the latest with later changes undone, elements in order', () => {
  const latest = [{ path: 'lines', value: '[]' }, { path: 'coupon', value: '"B"' }];
  // Latest first: the order was placed (both lines removed), after the coupon changed.
  const undo = [
    { path: 'lines[1]', before: 'Line(id: "GL", reserved: true)', after: null },
    { path: 'lines[0]', before: 'Line(id: "BT", reserved: true)', after: null },
    { path: 'coupon', before: '"A"', after: '"B"' },
    { path: 'lines[1].reserved', before: 'false', after: 'true' },
    { path: 'lines[2]', before: null, after: 'Line(id: "SC", reserved: false)' },
  ];
  const rows = ReportCore.structureAsOf(latest, undo);
  assert.deepEqual(rows.map((row) => [row.path, row.value ?? row.type]), [
    ['lines', ''], ['lines[0]', 'Line'], ['lines[0].id', '"BT"'], ['lines[0].reserved', 'true'],
    ['lines[1]', 'Line'], ['lines[1].id', '"GL"'], ['lines[1].reserved', 'false'], ['coupon', '"A"'],
  ]);
  assert.deepEqual(ReportCore.structureAsOf(latest, []), latest);
});

test('a whole state with no parts (changed at `self`) is its root row as of a step', () => {
  const latest = [{ path: '', value: '2' }];
  const rows = ReportCore.structureAsOf(latest, [{ path: 'self', before: '1', after: '2' }]);
  assert.deepEqual(rows, [{ path: '', value: '1' }]);
});

test('tree rows know their depth and label; a search keeps matches and what holds them', () => {
  const rows = ReportCore.treeRows([
    { path: '', type: 'Cart' }, { path: 'lines', type: 'Array' }, { path: 'lines[0]', value: '"boots"' },
    { path: 'coupon', value: 'nil' }, { path: 'prices', type: 'Dictionary', more: 3 },
  ]);
  assert.deepEqual(rows.map((row) => [row.label, row.depth, row.hasChildren]), [
    ['(state)', 0, true], ['lines', 1, true], ['[0]', 2, false], ['coupon', 1, false], ['prices', 1, false],
  ]);
  assert.deepEqual(ReportCore.treeMatches(rows, 'BOOTS'), [0, 1, 2]);
  assert.deepEqual(ReportCore.treeMatches(rows, ''), [0, 1, 2, 3, 4]);
  assert.deepEqual(ReportCore.treeMatches(rows, 'nothing'), []);
});

test("an action's changes as a tree: each path under the parts that hold it", () => {
  const rows = ReportCore.changeTree([
    { path: 'lines[1].quantity', before: '1', after: '3' },
    { path: 'checkout.step', before: 'browsing', after: 'address("a.b")' },
    { path: 'prices["a.b"]', before: null, after: '2' },
  ]);
  assert.deepEqual(rows.map((row) => [row.path, row.depth, row.label]), [
    ['checkout', 0, 'checkout'], ['checkout.step', 1, 'step'], ['lines', 0, 'lines'], ['lines[1]', 1, '[1]'],
    ['lines[1].quantity', 2, 'quantity'], ['prices', 0, 'prices'], ['prices["a.b"]', 1, '["a.b"]'],
  ]);
  assert.equal(rows[4].before, '1');
  assert.equal(rows[4].after, '3');
});

test('a plan moves each node\'s own drawing from its home and draws each edge\'s curve and arrowhead', () => {
  // Lengths in tenths of a point: node 4 at (50, 20) in a 120 by 80 drawing, drawn at
  // (300, -100) in its home; node 7 at (50, 70), drawn at (0, 0).
  const homes = [null, null, null, null, null, null, null, null, 3000, -1000, null, null, null, null, 0, 0];
  const looks = { edge: '#495057', drives: '#7048e8', dash: '5,2' };
  const plan = [1200, 800, [4, 500, 200, 7, 500, 700],
    [[2, 0, 500, 520, 500, 380, 500, 420, 500, 460, 500, 450], [5, 1, null, null, 0, 0, 10, 10, 20, 20, 30, 30]]];
  const picture = ReportCore.planPicture(plan, homes, looks);
  assert.equal(picture.width, 120);
  assert.equal(picture.height, 80);
  assert.deepEqual(picture.nodes, [{ node: 4, dx: -250, dy: 120 }, { node: 7, dx: 50, dy: 70 }]);
  const [down, drives] = picture.edges;
  assert.equal(down.edge, 2);
  assert.equal(down.d, 'M50,38C50,42 50,46 50,45');
  // The tip 7 points below the curve's end; the base 0.35 of that to either side.
  assert.equal(down.arrow, '52.45,45 50,52 47.55,45 52.45,45');
  assert.equal(down.stroke, '#495057');
  assert.equal(down.dash, null);
  // A store driving an atom: dashed, in its colour, and here without an arrowhead.
  assert.deepEqual([drives.edge, drives.arrow, drives.stroke, drives.dash], [5, null, '#7048e8', '5,2']);
  assert.equal(drives.d, 'M0,0C1,1 2,2 3,3');
  // A node with no drawing to copy: no picture.
  assert.equal(ReportCore.planPicture([10, 10, [2, 0, 0], []], homes, looks), null);
});

test('a hub\'s overview plan draws its groups with their labels and its merged edges with their counts', () => {
  const homes = [750, 320, null, null, 550, 130];
  const looks = {
    edge: '#495057', drives: '#7048e8', dash: '5,2', error: '#c92a2a', text: '#000000', muted: '#495057',
    groups: [['family', 'box3d', '#f8f9fa', '#868e96', 'filled'], ['store', 'tab', '#c3f0ca', '#2b8a3e', 'filled'],
      ['module', 'folder', '#e7f5ff', '#1864ab', 'filled'], ['levels', 'box', '#f8f9fa', '#868e96', 'filled,rounded'],
      ['run', 'box', '#f8f9fa', '#868e96', 'filled,rounded']],
  };
  const labels = [['family View.row', '1,100 nodes', '1 failed', ''], ['levels 3–5', '40 nodes', '', ''],
    ['<script>\u001b[31m', '2 nodes', '', '']];
  const entry = {
    plan: [1500, 1200, [0, 750, 180], []],
    // The family below the node (failed, downstream); a band above it (upstream, loading).
    groups: [0, 0, 1, 2, 750, 900, 1000, 400, 1, 3, 2, 1, 750, 200, 800, 360],
    merged: [[0, -1, 1100, 2, 750, 700, 4, 750, 360, 750, 450, 750, 600, 750, 650],
      [-2, 0, 1, 1, null, null, 4, 750, 380, 750, 300, 750, 250, 750, 200]],
  };
  const picture = ReportCore.overviewPicture(entry, homes, looks, labels, (node) => ['Theme.light'][node]);
  assert.deepEqual(picture.nodes, [{ node: 0, dx: 0, dy: -14 }]);
  const [family, band] = picture.groups;
  assert.equal(family.id, 'focus_g0');
  assert.equal(family.className, 'node group family downstream');
  assert.equal(family.title, 'family View.row: 1,100 nodes, drawn as one\n1 failed');
  // Failed: the error colour, a thicker line; its three lines centred on its place, in order.
  assert.deepEqual([family.fill, family.stroke, family.strokeWidth, family.dash], ['#f8f9fa', '#c92a2a', 2.5, null]);
  assert.deepEqual(family.texts.map((text) => [text.text, text.size, text.weight, text.fill, text.x]), [
    ['family View.row', 12, 'bold', '#000000', 75], ['1,100 nodes', 10, null, '#495057', 75],
    ['1 failed', 10, null, '#c92a2a', 75],
  ]);
  assert.ok(family.texts.every((text, at) => at === 0 || text.y > family.texts[at - 1].y));
  assert.ok(family.texts[0].y > 70 && family.texts[2].y < 110);
  // A box3d: its faces behind, its front inside its size.
  assert.equal(family.outline.length, 2);
  assert.ok(family.outline[1].startsWith('M25,74L121,74L121,110L25,110Z'));
  assert.equal(band.className, 'node group levels upstream');
  assert.equal(band.dash, '5,2');
  assert.ok(band.outline[0].startsWith('M41,2L109,2Q115,2 115,8'), band.outline[0]);
  // Merged edges: their ends named, thicker for more, the count written beside the curve.
  const [down, up] = picture.merged;
  assert.equal(down.id, 'mfocus-0');
  assert.equal(down.className, 'edge merged downstream');
  assert.equal(down.title, 'Theme.light → family View.row: 1,100 edges');
  assert.equal(down.strokeWidth, 5);
  assert.equal(down.d, 'M75,36C75,45 75,60 75,65');
  assert.deepEqual(down.count, { text: '1100', x: 81, y: 52 }); // halfway along its one piece
  assert.equal(up.title, 'levels 3–5 → Theme.light: 1 edge');
  assert.deepEqual([up.strokeWidth, up.arrow, up.count], [1, null, null]);
  // Text from the app is data: no control characters reach the page.
  const hostile = ReportCore.overviewPicture({ ...entry, groups: [2, 4, 0, 0, 100, 100, 600, 360] }, homes, looks,
    labels, () => '');
  assert.equal(hostile.groups[0].texts[0].text.includes('\u001b'), false);
  assert.equal(hostile.groups[0].className, 'node group run');
  // A node with no drawing to copy: no picture.
  assert.equal(ReportCore.overviewPicture({ ...entry, plan: [10, 10, [1, 0, 0], []] }, homes, looks, labels, () => ''), null);
});

test('each kind of group has its own outline', () => {
  const shapes = ['box3d', 'tab', 'folder', 'box'].map((shape) => ReportCore.groupOutline(shape, false, 50, 20, 80, 40));
  assert.equal(new Set(shapes.map((paths) => paths.join(' '))).size, 4);
  assert.deepEqual(shapes[3], ['M10,0L90,0L90,40L10,40Z']);
  for (const paths of shapes) {
    for (const path of paths) {
      const numbers = path.match(/-?[\d.]+/g).map(Number);
      const xs = numbers.filter((_, at) => at % 2 === 0);
      const ys = numbers.filter((_, at) => at % 2 === 1);
      assert.ok(Math.min(...xs) >= 10 && Math.max(...xs) <= 90 && Math.min(...ys) >= 0 && Math.max(...ys) <= 40, path);
    }
  }
});

test('an entry shows the snapshot\'s own number, past what a script holds exactly', () => {
  // Past 2^53 the page numbers entries from 1 and each says its own number as text.
  const far = { seq: 2, seqText: '9223372036854775806', kind: 'write', cause: 1, causeText: '9223372036854775805', node: 0 };
  const near = { seq: 74, kind: 'write', cause: 73, node: 0 };
  const nodes = [{ id: 'Pricing.currency', kind: 'atom' }];
  assert.equal(ReportCore.entryNumber(far), '9223372036854775806');
  assert.equal(ReportCore.causeNumber(far), '9223372036854775805');
  assert.equal(ReportCore.entryNumber(near), '74');
  assert.equal(ReportCore.causeNumber(near), '73');
  assert.ok(ReportCore.entryTitle(far, nodes).startsWith('#9223372036854775806 write Pricing.currency'));
  assert.ok(ReportCore.entryTitle(near, nodes).startsWith('#74 write'));
});

test('whole numbers compare exactly, as numbers or as digits past 2^53', () => {
  assert.equal(ReportCore.wholeLess('9223372036854775806', '9223372036854775807'), true);
  assert.equal(ReportCore.wholeLess('9223372036854775807', '9223372036854775807'), false);
  assert.equal(ReportCore.wholeLess(3, '9007199254740993'), true);
  assert.equal(ReportCore.wholeLess(12, 9), false);
});
