// Loads the report page's and the live page's modules (Sources/RecoilRender/Report/Web/) for
// `node --test`, as the page holds them: each defines one name, which the others use, so each is
// put where the page's one script puts it (a global) before the next is loaded.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const web = path.join(__dirname, '../../Sources/RecoilRender/Report/Web');
// The pure modules and those with pure parts, in the page's order (ReportAssets.swift).
const order = [
  'report/page-text.js', 'report/causality.js', 'report/timeline-filter.js', 'report/description-rows.js', 'report/state-rows.js',
  'report/plan-pictures.js', 'report/report-model.js', 'report/page-state.js', 'report/graph-view.js',
  'report/minimap.js', 'report/graph-labels.js', 'report/search.js', 'report/overview-groups.js',
  'report/family-names.js', 'report/neighbourhoods.js', 'report/focus.js', 'report/timeline.js', 'report/state-tree.js',
  'report/node-details.js', 'report/keyboard.js', 'live/live-control.js', 'live/live-sessions.js',
  'live/live-schedule.js',
];
const modules = {};
for (const file of order) {
  const loaded = require(path.join(web, file));
  const name = /^(?:const|class) (\w+)\b/m.exec(fs.readFileSync(path.join(web, file), 'utf8'))[1];
  globalThis[name] = loaded;
  modules[name] = loaded;
}
module.exports = modules;
