// The page's data layout (Docs/report-data-v1.schema.json): the checker finds what does not
// hold, and the data these tests give the page's modules holds it, so they test the layout
// ReportData.swift writes (whose output the Swift suite checks with check-report-data.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { check } = require('./json-schema.js');

const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '../../Docs/report-data-v1.schema.json'), 'utf8'));
const as = (name) => ({ $ref: `#/$defs/${name}` });

test('the checker says what does not hold, and where', () => {
  const problems = check(as('page'), {
    nodes: [{ id: 'a', kind: 'atom', colour: 'red' }, { id: 'b', kind: 'widget' }],
    edges: [[0, 1, 2]],
    timeline: [{ seq: 1.5, kind: 'write' }],
  }, schema);
  assert.deepEqual(problems.map((problem) => problem.at).sort(), ['/edges/0', '/nodes/0/colour', '/nodes/1/kind', '/timeline/0/seq']);
  assert.deepEqual(check(as('page'), { nodes: [] }, schema).map((problem) => problem.message), ['lacks "edges"', 'lacks "timeline"']);
  assert.deepEqual(check(as('count'), '12', schema), []);
  assert.equal(check(as('count'), 'twelve', schema).length, 1);
});

test('a page, a delta and the plans the page modules are tested with hold the layout', () => {
  const page = {
    shape: 2,
    nodes: [
      { id: 'app', kind: 'store', value: 'App()', structure: [{ path: '', type: 'App' }, { path: 'n', value: '1' }] },
      { id: 'Cart.count', kind: 'atom', value: '1', subscribers: 1, history: { first: '0', changes: [[2, '1'], [3, null]] } },
      { id: 'Cart.total', kind: 'selector', async: true, status: 'loading', evaluations: { count: '9007199254740993', timed: 3, total: '1 ms' },
        heat: { fill: '#ff8800', text: '#000000', nanos: 5, label: '5 ns in all' } },
    ],
    edges: [[1, 2], [-1, 2]],
    timeline: [
      { kind: 'action', store: 'app', name: 'older', changes: [] },
      { seq: 2, kind: 'write', node: 1, before: '0', after: '1', site: 'App/Cart.swift:12' },
      { seq: 3, kind: 'action', cause: 2, store: 'app', storeSeq: 1, name: 'add', changes: [{ path: 'n', before: '0', after: '1', nodes: [0] }] },
      { seq: 4, kind: 'notification', id: 'Gone.node', subscribers: 2, reached: [{ id: 's1', duration: '2 µs' }] },
    ],
    subscriptions: [{ id: 's1', node: 1, name: 'CartView', calls: 3 }],
    overview: { groups: [{ key: 0, in: -1, kind: 'family', title: 'Cart', count: 2 }], nodeIn: [-1, 0, 0] },
    dropped: { timeline: 4, notRecorded: { tick: 2 } },
  };
  assert.deepEqual(check(schema, page, schema), []);
  const delta = { shape: 2, latestSeq: 5, nodes: [{ index: 1, id: 'Cart.count', kind: 'atom', value: '2' }], timeline: [{ seq: 5, kind: 'write', node: 1 }] };
  assert.deepEqual(check(schema, delta, schema), []);
  assert.equal(check(as('delta'), { ...delta, nodes: [{ id: 'Cart.count', kind: 'atom' }] }, schema)[0].message, 'lacks "index"');
  const plans = {
    homes: [100, 200, null, null],
    looks: { edge: '#555', drives: '#888', dash: '5,2', groups: [['family', 'box3d', '#fff', '#000', 'filled']], error: '#c00', text: '#000', muted: '#666' },
    depths: [[0, -1], null, null, [0, -2]],
    labels: [['Cart', '2 nodes', '', '']],
    overviews: [{ plan: [10, 10, [0, 5, 5], []], groups: [0, 0, 0, 0, 5, 5, 10, 10], merged: [[0, -1, 2, 1, null, null, 4, 0, 0, 1, 1]] }],
    plans: [[100, 50, [0, 10, 20, 1, 30, 40], [[0, 1, 300, 400, 1, 2, 3, 4, 5, 6, 7, 8], [1, 0, null, null, 1, 2, 3, 4]]]],
  };
  assert.deepEqual(check(as('neighbourhoods'), plans, schema), []);
  assert.deepEqual(check(as('insides'), { insides: [{ key: 3, svg: '<svg viewBox="0 0 1 1"></svg>' }] }, schema), []);
});
