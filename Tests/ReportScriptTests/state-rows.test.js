// Unit tests of Sources/RecoilRender/Report/Web/report/state-rows.js, run by `node --test
// Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { DescriptionRows, StateRows } = require('./page-modules.js');

test('a preview reads back as rows at the paths a diff gives', () => {
  assert.deepEqual(StateRows.previewRows('Line(productID: "BT-42", quantity: 3)', 'lines[0]'), [
    { path: 'lines[0]', type: 'Line' }, { path: 'lines[0].productID', value: '"BT-42"' },
    { path: 'lines[0].quantity', value: '3' },
  ]);
  assert.deepEqual(StateRows.previewRows('placed(orderNumber: 1042)', 'step').map((row) => row.path),
    ['step', 'step.placed', 'step.placed.orderNumber']);
  assert.deepEqual(StateRows.previewRows('address("1 Harbor, Street")', 'step'),
    [{ path: 'step', type: '' }, { path: 'step.address', value: '"1 Harbor, Street"' }]);
  assert.deepEqual(StateRows.previewRows('["a": 1]', 'm').map((row) => row.path), ['m', 'm["a"]']);
  assert.deepEqual(StateRows.previewRows('Set(["A"])', 's').map((row) => row.path), ['s', 's{"A"}']);
  assert.deepEqual(StateRows.previewRows('Optional("x")', 'c'), [{ path: 'c', value: '"x"' }]);
  // Cut, or otherwise unreadable: one leaf with the text.
  assert.deepEqual(StateRows.previewRows('Line(productID: "x", quant…', 'l'), [{ path: 'l', value: 'Line(productID: "x", quant…' }]);
  assert.deepEqual(StateRows.previewRows('[]', 'l'), [{ path: 'l', value: '[]' }]);
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
  const rows = StateRows.structureAsOf(latest, undo);
  assert.deepEqual(rows.map((row) => [row.path, row.value ?? row.type]), [
    ['lines', ''], ['lines[0]', 'Line'], ['lines[0].id', '"BT"'], ['lines[0].reserved', 'true'],
    ['lines[1]', 'Line'], ['lines[1].id', '"GL"'], ['lines[1].reserved', 'false'], ['coupon', '"A"'],
  ]);
  assert.deepEqual(StateRows.structureAsOf(latest, []), latest);
});

test('a whole state with no parts (changed at `self`) is its root row as of a step', () => {
  const latest = [{ path: '', value: '2' }];
  const rows = StateRows.structureAsOf(latest, [{ path: 'self', before: '1', after: '2' }]);
  assert.deepEqual(rows, [{ path: '', value: '1' }]);
});

test('tree rows know their depth and label; a search keeps matches and what holds them', () => {
  const rows = StateRows.treeRows([
    { path: '', type: 'Cart' }, { path: 'lines', type: 'Array' }, { path: 'lines[0]', value: '"boots"' },
    { path: 'coupon', value: 'nil' }, { path: 'prices', type: 'Dictionary', more: 3 },
  ]);
  assert.deepEqual(rows.map((row) => [row.label, row.depth, row.hasChildren]), [
    ['(state)', 0, true], ['lines', 1, true], ['[0]', 2, false], ['coupon', 1, false], ['prices', 1, false],
  ]);
  assert.deepEqual(StateRows.treeMatches(rows, 'BOOTS'), [0, 1, 2]);
  assert.deepEqual(StateRows.treeMatches(rows, ''), [0, 1, 2, 3, 4]);
  assert.deepEqual(StateRows.treeMatches(rows, 'nothing'), []);
});

test("an action's changes as a tree: each path under the parts that hold it", () => {
  const rows = StateRows.changeTree([
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

test('a description reads part by part; a text it cannot read whole is refused', () => {
  assert.deepEqual(DescriptionRows.read('Line(productID: "BT-42", quantity: 3)', 'lines[0]'), [
    { path: 'lines[0]', type: 'Line' },
    { path: 'lines[0].productID', value: '"BT-42"' },
    { path: 'lines[0].quantity', value: '3' },
  ]);
  assert.deepEqual(DescriptionRows.read('["a": Optional(1), "b": nil]', 'm'), [
    { path: 'm', type: '' }, { path: 'm["a"]', value: '1' }, { path: 'm["b"]', value: 'nil' },
  ]);
  assert.deepEqual(DescriptionRows.read('signedIn(Set(["x"]))', ''), [
    { path: '', type: '' }, { path: 'signedIn', type: 'Set' }, { path: 'signedIn{"x"}', value: '"x"' },
  ]);
  assert.throws(() => DescriptionRows.read('Line(productID: "BT-4…', 'x'), /unreadable/);
  assert.throws(() => DescriptionRows.read('[1, 2] extra', 'x'), /unreadable/);
});

test('descriptions read back as the shared cases say (description-cases.json, also read by the Swift tests)', () => {
  const { cases } = require('./description-cases.json');
  for (const { text, path, rows } of cases) {
    if (rows === null) {
      assert.throws(() => DescriptionRows.read(text, path), /unreadable/, text);
    } else {
      assert.deepEqual(DescriptionRows.read(text, path), rows, text);
    }
  }
});
