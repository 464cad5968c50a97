// Unit tests of Sources/RecoilRender/Report/Web/report/timeline-filter.js, run by `node --test
// Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { PageText, TimelineFilter } = require('./page-modules.js');

test('the visible rows cover the view with a margin, within the list', () => {
  assert.deepEqual(TimelineFilter.visibleRows(0, 100, 20, 1000), [0, 21]);
  assert.deepEqual(TimelineFilter.visibleRows(2000, 100, 20, 1000), [92, 113]);
  assert.deepEqual(TimelineFilter.visibleRows(19990, 100, 20, 1000), [991, 1000]);
  assert.deepEqual(TimelineFilter.visibleRows(500, 100, 20, 0), [0, 0]);
});

test('the visible rows of 100,000 entries are a few dozen wherever the view is', () => {
  for (const top of [0, 1e5, 1e6, 19.99e5]) {
    const [first, last] = TimelineFilter.visibleRows(top, 600, 20, 100000);
    assert.ok(last - first <= 600 / 20 + 16, `${first}..${last}`);
    assert.ok(first <= Math.floor(top / 20) && last >= Math.min(100000, Math.ceil((top + 600) / 20)));
  }
});

test('a glob reads as --node reads it: * ? sets, ranges, negation and escapes', () => {
  const matches = (pattern, text) => TimelineFilter.glob(pattern)(text);
  assert.ok(matches('Cart.*', 'Cart.total'));
  assert.ok(!matches('Cart.*', 'Cartxtotal'));
  assert.ok(matches('Catalog.stock(*)', 'Catalog.stock("HT-11")'));
  assert.ok(matches('?at', 'cat') && !matches('?at', 'at'));
  assert.ok(matches('[a-c]x', 'bx') && !matches('[!a-c]x', 'bx') && matches('[!a-c]x', 'dx'));
  assert.ok(matches('x[a-]', 'x-') && matches('\\*', '*') && !matches('\\*', 'a'));
  assert.ok(matches('a/b(c)+$', 'a/b(c)+$'));
  assert.throws(() => TimelineFilter.glob('[z-a]'), /reversed/);
  assert.throws(() => TimelineFilter.glob('[abc'), /without its \]/);
  assert.throws(() => TimelineFilter.glob('a\\'), /lone backslash/);
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
  const { filter, error } = TimelineFilter.makeFilter(fields, ['action', 'write', 'evaluation', 'notification', 'effect', 'resolution']);
  assert.equal(error, null);
  return TimelineFilter.filterEntries(filterTimeline, filterNodes, filter);
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
  assert.deepEqual(TimelineFilter.makeFilter({ notKind: 'writes' }, kinds).error,
    { field: 'notKind', message: '--not-kind writes: not a kind (action, write)' });
  assert.equal(TimelineFilter.makeFilter({ notNode: '[b-a]' }, kinds).error.field, 'notNode');
});

test('a bad filter names its field and says what is wrong', () => {
  const kinds = ['action', 'write'];
  assert.deepEqual(TimelineFilter.makeFilter({ kind: 'action,writes' }, kinds).error,
    { field: 'kind', message: '--kind writes: not a kind (action, write)' });
  assert.equal(TimelineFilter.makeFilter({ node: '[b-a]' }, kinds).error.field, 'node');
  assert.equal(TimelineFilter.makeFilter({ node: '[b-a]' }, kinds).filter, null);
});

test('100,000 entries filter and step at once', () => {
  const nodes = [{ id: 'a', kind: 'atom' }, { id: 'b', kind: 'selector' }];
  const timeline = Array.from({ length: 100000 }, (_, index) => (
    index % 2 ? { seq: index + 1, kind: 'write', node: 0, before: String(index - 1), after: String(index) }
      : { seq: index + 1, kind: 'evaluation', node: 1, changed: index % 4 === 0 }));
  const { filter } = TimelineFilter.makeFilter({ kind: 'evaluation', hideUnchanged: true }, ['write', 'evaluation']);
  const shown = TimelineFilter.filterEntries(timeline, nodes, filter);
  assert.equal(shown.length, 25000);
  assert.ok(shown.every((index) => index % 4 === 0));
  assert.equal(TimelineFilter.stepWithin(shown, 40000, 1), 40004);
  assert.equal(TimelineFilter.stepWithin(shown, 40001, 1), 40004);
  assert.equal(TimelineFilter.stepWithin(shown, 40001, -1), 40000);
  assert.equal(TimelineFilter.stepWithin(shown, 99996, 1), 99996);
  assert.equal(TimelineFilter.stepWithin(shown, -1, 1), 0);
  assert.equal(TimelineFilter.stepWithin(shown, -1, -1), 99996);
  assert.equal(TimelineFilter.stepWithin([], 3, 1), undefined);
});

test('an entry reads as one line: number, kind, subject and what it did', () => {
  const nodes = filterNodes;
  assert.equal(PageText.entryTitle(filterTimeline[0], nodes), '#1 action app #? add "boots"');
  assert.equal(PageText.entryTitle(filterTimeline[1], nodes), '#2 evaluation Cart.total = 129 (dependency app.cart)');
  assert.equal(PageText.entryTitle(filterTimeline[2], nodes), '#3 evaluation Cart.total unchanged (dependency app.cart)');
  assert.equal(PageText.entryTitle(filterTimeline[3], nodes), '#4 write Theme.mode "light" → "dark"');
  assert.equal(PageText.entryTitle(filterTimeline[5], nodes), '#6 notification app 2 subscribers');
  assert.equal(PageText.entryTitle({ kind: 'action', store: 'app', storeSeq: 3, name: 'x' }, nodes), 'action app #3 x');
});
