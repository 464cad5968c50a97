// Unit tests of Sources/RecoilRender/Report/Web/report/plan-pictures.js, run by `node --test
// Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { PlanPictures } = require('./page-modules.js');

test('a plan moves each node\'s own drawing from its home and draws each edge\'s curve and arrowhead', () => {
  // Lengths in tenths of a point: node 4 at (50, 20) in a 120 by 80 drawing, drawn at
  // (300, -100) in its home; node 7 at (50, 70), drawn at (0, 0).
  const homes = [null, null, null, null, null, null, null, null, 3000, -1000, null, null, null, null, 0, 0];
  const looks = { edge: '#495057', drives: '#7048e8', dash: '5,2' };
  const plan = [1200, 800, [4, 500, 200, 7, 500, 700],
    [[2, 0, 500, 520, 500, 380, 500, 420, 500, 460, 500, 450], [5, 1, null, null, 0, 0, 10, 10, 20, 20, 30, 30]]];
  const picture = PlanPictures.planPicture(plan, homes, looks);
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
  assert.equal(PlanPictures.planPicture([10, 10, [2, 0, 0], []], homes, looks), null);
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
  const picture = PlanPictures.overviewPicture(entry, homes, looks, labels, (node) => ['Theme.light'][node]);
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
  const hostile = PlanPictures.overviewPicture({ ...entry, groups: [2, 4, 0, 0, 100, 100, 600, 360] }, homes, looks,
    labels, () => '');
  assert.equal(hostile.groups[0].texts[0].text.includes('\u001b'), false);
  assert.equal(hostile.groups[0].className, 'node group run');
  // A node with no drawing to copy: no picture.
  assert.equal(PlanPictures.overviewPicture({ ...entry, plan: [10, 10, [1, 0, 0], []] }, homes, looks, labels, () => ''), null);
});

test('each kind of group has its own outline', () => {
  const shapes = ['box3d', 'tab', 'folder', 'box'].map((shape) => PlanPictures.groupOutline(shape, false, 50, 20, 80, 40));
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
