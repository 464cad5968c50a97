// Unit tests of Sources/RecoilRender/Report/Web/report/page-state.js, run by `node --test
// Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { PageState, ReportModel } = require('./page-modules.js');

const model = (ids = ['Cart.count', 'a b&c=d', 'Cart.total'], seqs = [5, 9, 12]) => ReportModel.create({
  nodes: ids.map((id) => ({ id, kind: 'atom' })),
  edges: [],
  timeline: seqs.map((seq) => ({ seq, kind: 'write', node: 0 })),
});

test('a change names what changed; the same value, or an equal object, changes nothing', () => {
  const start = PageState.initial();
  const { state, changed } = PageState.apply(start, { node: 2, shows: 'node', view: { x: 0, y: 0, scale: 1 } });
  assert.deepEqual([...changed], ['node', 'shows']);
  assert.equal(state.node, 2);
  assert.ok(Object.isFrozen(state) && Object.isFrozen(state.view));
  const again = PageState.apply(state, { node: 2, filters: { ...PageState.noFilters } });
  assert.equal(again.state, state);
  assert.equal(again.changed.size, 0);
  assert.throws(() => PageState.apply(start, { selected: 1 }), /no part named selected/);
});

test('the address names the entry by its number and the node by its id, and reads back', () => {
  const page = model();
  const state = PageState.apply(PageState.initial(), { node: 1, entry: 2 }).state;
  const address = PageState.address(state, page);
  assert.equal(address, '#seq=12&node=a%20b%26c%3Dd');
  assert.deepEqual(PageState.fromAddress(address, page), { entry: 2, node: 1 });
  assert.equal(PageState.address(PageState.initial(), page), '');
  // What the model lacks is not chosen.
  assert.deepEqual(PageState.fromAddress('#seq=7&node=nope', page), { entry: -1, node: null });
  assert.deepEqual(PageState.fromAddress('', page), { entry: -1, node: null });
});

test('a newer model keeps the node by id and the entry by number; what it lacks is let go', () => {
  const older = model();
  const newer = model(['Cart.total', 'New.one', 'Cart.count'], [9, 12, 15]);
  const state = PageState.apply(PageState.initial(), { node: 0, entry: 1, shows: 'node', focus: true }).state;
  const moved = PageState.translate(state, older, newer);
  assert.equal(moved.node, 2);
  assert.equal(moved.entry, 0);
  assert.equal(moved.shows, 'node');
  assert.equal(moved.focus, true);
  // The node gone: the details show the entry, and focus ends.
  const gone = PageState.translate(PageState.apply(state, { node: 1 }).state, older, newer);
  assert.equal(gone.node, null);
  assert.equal(gone.shows, 'entry');
  assert.equal(gone.focus, false);
  // The entry gone too (the session let its oldest go): the start.
  const both = PageState.translate(PageState.apply(state, { node: 1, entry: 0, shows: 'entry' }).state, older, newer);
  assert.deepEqual([both.node, both.entry, both.shows], [null, -1, 'start']);
});

test('the store draws what changed, in order, and a change made while drawing waits its turn', () => {
  const store = PageState.createStore(PageState.initial());
  const drawn = [];
  store.on(['node'], (state, previous, how) => {
    drawn.push(['node', state.node, previous?.node, how.record]);
    if (state.node === 1) store.set({ entry: 4 });
    drawn.push(['node done']);
  });
  store.on(['entry', 'node'], (state) => drawn.push(['entry or node', state.entry]));
  store.set({ node: 1 }, { record: false });
  assert.deepEqual(drawn, [
    ['node', 1, null, false], ['node done'], ['entry or node', -1], ['entry or node', 4],
  ]);
  drawn.length = 0;
  store.set({ node: 1 });
  assert.deepEqual(drawn, []);
  store.drawAll({}, PageState.apply(store.state, { node: 0 }).state);
  assert.deepEqual(drawn.map((item) => item[0]), ['node', 'node done', 'entry or node']);
  assert.equal(drawn[0][2], undefined); // drawn afresh: no state before
});

test('a drawer that throws is reported, and the others still draw', () => {
  const store = PageState.createStore(PageState.initial());
  const reported = [];
  const original = console.error;
  console.error = (error) => reported.push(String(error));
  try {
    const drawn = [];
    store.on(['search'], () => { throw new Error('broken'); });
    store.on(['search'], (state) => drawn.push(state.search));
    store.set({ search: 'cart' });
    assert.deepEqual(drawn, ['cart']);
    assert.deepEqual(reported, ['Error: broken']);
  } finally {
    console.error = original;
  }
});
