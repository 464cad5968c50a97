// Unit tests of the pure parts of Sources/RecoilRender/Report/Web/report/graph-view.js and
// minimap.js, run by `node --test Tests/ReportScriptTests`.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { GraphView, Minimap } = require('./page-modules.js');

const close = (actual, expected) => {
  for (const key of Object.keys(expected)) assert.ok(Math.abs(actual[key] - expected[key]) < 1e-9, `${key}: ${actual[key]} ≠ ${expected[key]}`);
};

test('zooming keeps the point under the pointer where it is, within 0.01 and 8 times', () => {
  const view = { x: 100, y: 50, scale: 1 };
  const zoomed = GraphView.zoomedAt(view, 2, 300, 250);
  // The drawing's point under (300, 250) before: ((300-100)/1, (250-50)/1) = (200, 200).
  close(zoomed, { scale: 2, x: 300 - 200 * 2, y: 250 - 200 * 2 });
  assert.equal(GraphView.zoomedAt(view, 1000, 0, 0).scale, 8);
  assert.equal(GraphView.zoomedAt(view, 1e-6, 0, 0).scale, 0.01);
});

test('fitting shows the whole drawing centred, never larger than its own size', () => {
  close(GraphView.fitted({ width: 2000, height: 500 }, { width: 1000, height: 800 }), {
    scale: 0.485, x: (1000 - 2000 * 0.485) / 2, y: (800 - 500 * 0.485) / 2,
  });
  assert.equal(GraphView.fitted({ width: 100, height: 100 }, { width: 1000, height: 800 }).scale, 0.97);
});

test('a box fits below what is kept free at the top, at most twice its size, and centres', () => {
  const box = { left: 100, top: 100, right: 300, bottom: 200 };
  const fitted = GraphView.fittedBox(box, { width: 1000, height: 600 }, { above: 40 });
  assert.equal(fitted.scale, 2);
  close(fitted, { x: 500 - 200 * 2, y: 40 + 280 - 150 * 2 });
  const small = GraphView.fittedBox(box, { width: 248, height: 600 });
  assert.equal(small.scale, 1);
  const centred = GraphView.centredOn(box, { width: 1000, height: 600 }, 0.5);
  close(centred, { x: 500 - 200 * 0.5, y: 300 - 150 * 0.5 });
});

test('a box on screen reads back in the drawing\'s units', () => {
  const view = { x: 30, y: 20, scale: 2 };
  const frame = { left: 10, top: 5 };
  const box = GraphView.toDrawing({ left: 10 + 30 + 2 * 50, top: 5 + 20 + 2 * 60, right: 10 + 30 + 2 * 70, bottom: 5 + 20 + 2 * 90 }, frame, view);
  assert.deepEqual(box, { left: 50, top: 60, right: 70, bottom: 90 });
});

test('the minimap is needed only where the view leaves part of the graph out', () => {
  assert.equal(Minimap.seesAll([0, 0, 160, 90], 160, 90), true);
  assert.equal(Minimap.seesAll([-5, -5, 170, 100], 160, 90), true);
  assert.equal(Minimap.seesAll([10, 0, 160, 90], 160, 90), false);
  assert.equal(Minimap.seesAll([0, 0, 100, 90], 160, 90), false);
});

test('a readable view shows the part with the most nodes whole, the higher and then the more central on a tie', () => {
  // Two clusters: three nodes on the left, two on the right; a pane 100 wide sees one.
  const boxes = [[0, 0, 20, 10], [30, 0, 20, 10], [60, 40, 20, 10], [300, 0, 20, 10], [330, 0, 20, 10], null];
  const window = GraphView.readableWindow(boxes, { width: 400, height: 100 }, 100, 100);
  const inside = boxes.filter((box) => box && box[0] >= window.left && box[1] >= window.top
    && box[0] + box[2] <= window.left + 100 && box[1] + box[3] <= window.top + 100);
  assert.equal(inside.length, 3);
  assert.ok(window.left <= 0 && window.top <= 0);
  // Everything fits: the whole, from the top.
  const all = GraphView.readableWindow([[10, 10, 10, 10]], { width: 50, height: 50 }, 100, 100);
  assert.equal(all.top <= 10, true);
});
