// Unit tests of the live page's modules (Sources/RecoilRender/Report/Web/live/: live-control.js,
// live-sessions.js, live-schedule.js), run by `node --test Tests/ReportScriptTests`.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { LiveControl, LiveSessions, LiveSchedule } = require('./page-modules.js');

test('a value is checked as JSON before it is sent', () => {
  assert.equal(LiveControl.checkJSON('"CHF"'), null);
  assert.equal(LiveControl.checkJSON('12'), null);
  assert.match(LiveControl.checkJSON('CHF'), /^Not JSON: /);
  assert.match(LiveControl.checkJSON(''), /^Not JSON: /);
});

test('the last actions sent are kept newest first, each once, at most eight', () => {
  const list = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  assert.deepEqual(LiveControl.remembered(list, 'c'), ['c', 'a', 'b', 'd', 'e', 'f', 'g', 'h']);
  assert.deepEqual(LiveControl.remembered(list, 'new'), ['new', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
  assert.deepEqual(LiveControl.remembered([], 'x'), ['x']);
});

test('a case fills in the app\'s example, else an empty payload under its name', () => {
  assert.deepEqual(LiveControl.caseExample({ case: 'add', example: '{"add":{"_0":1}}', recorded: true }),
    { example: '{"add":{"_0":1}}', title: 'The latest recorded: {"add":{"_0":1}}' });
  assert.deepEqual(LiveControl.caseExample({ case: 'clear', example: '{"clear":{}}' }), { example: '{"clear":{}}', title: '{"clear":{}}' });
  assert.equal(LiveControl.caseExample({ case: 'add' }).example, '{"add":{}}');
  assert.match(LiveControl.caseExample({ case: 'add' }).title, /^None recorded/);
});

test('an entry is sent by the app\'s own number, exactly, or not at all', () => {
  assert.equal(LiveControl.controlSeq({ seq: 74 }), 74);
  assert.equal(LiveControl.controlSeq({}), undefined);
  const raw = (text) => ({ raw: text });
  assert.deepEqual(LiveControl.controlSeq({ seq: 3, seqText: '9223372036854775807' }, raw), { raw: '9223372036854775807' });
  assert.equal(LiveControl.controlSeq({ seq: 3, seqText: '9223372036854775807' }, undefined), undefined);
  assert.equal(LiveControl.answerText({ ok: true, message: 'set x' }), 'set x');
  assert.equal(LiveControl.answerText({ ok: false, message: 'not allowed' }), 'Refused: not allowed');
});

test('a session says its entries, what was dropped, and the status line counts the connected', () => {
  const live = { number: 1, name: 'shop 1', connected: true, entries: 12, dropped: 3, trimmed: 0 };
  const ended = { number: 2, name: 'admin 2', connected: false, entries: 4, dropped: 0, trimmed: 100, jumpedTo: 7 };
  assert.equal(LiveSessions.metaText(live), '12 entries');
  assert.equal(LiveSessions.metaText(ended), '4 entries · ended');
  assert.equal(LiveSessions.dropsText(live), '3 dropped by the app');
  assert.equal(LiveSessions.dropsText({ ...live, trimmed: 5 }), '3 dropped by the app · 5 oldest let go');
  assert.equal(LiveSessions.dropsText({ ...live, dropped: 0 }), '');
  assert.equal(LiveSessions.statusText([]), 'waiting for an app to connect');
  assert.equal(LiveSessions.statusText([live, ended]), '1 connected · 2 sessions');
  assert.equal(LiveSessions.newest([live, ended]), live);
  assert.equal(LiveSessions.newest([ended]), ended);
  assert.equal(LiveSessions.newest([]), null);
  // An ended app is jumped nowhere.
  assert.equal(LiveSessions.jumpedTo(ended), undefined);
  assert.equal(LiveSessions.jumpedTo({ ...live, jumpedTo: 9 }), 9);
});

test('the live page\'s address holds the session, entry and node, and reads back', () => {
  const address = LiveSessions.address(2, { seq: 74, node: 'Cart.total & more' });
  assert.equal(address, '#session=2&seq=74&node=Cart.total%20%26%20more');
  assert.deepEqual(LiveSessions.fromAddress(address), { session: 2, seq: 74, node: 'Cart.total & more' });
  assert.equal(LiveSessions.address(3, null), '#session=3');
  assert.deepEqual(LiveSessions.fromAddress('#session=x'), { session: null, seq: null, node: null });
});

test('the page loads a session\'s report, then appends at most every gap, and lays out again at most every layout gap', () => {
  const session = { number: 1, version: 10, entries: 50 };
  const decide = (shown, times = {}) => LiveSchedule.decide({
    session, shown, busy: false, now: 10000, lastRequest: 0, lastLayout: 0, ...times,
  });
  assert.deepEqual(LiveSchedule.decide({ session: null }), { action: 'none' });
  assert.deepEqual(decide(null), { action: 'load' });
  assert.deepEqual(decide({ number: 2, version: 10, entries: 50 }), { action: 'load' });
  const shown = { number: 1, version: 9, entries: 40, needsLayout: false };
  assert.deepEqual(decide({ ...shown, version: 10 }), { action: 'none' });
  assert.deepEqual(decide(shown), { action: 'extend' });
  assert.deepEqual(decide(shown, { lastRequest: 9800 }), { action: 'wait', until: 9800 + LiveSchedule.gap });
  assert.deepEqual(LiveSchedule.decide({ session, shown, busy: true, now: 10000, lastRequest: 0, lastLayout: 0 }), { action: 'none' });
  // The server said the layout no longer holds: laid out again, but not within the layout gap.
  const stale = { ...shown, needsLayout: true };
  assert.deepEqual(decide(stale), { action: 'relayout' });
  assert.deepEqual(decide(stale, { lastLayout: 9000 }), { action: 'wait', until: 9000 + LiveSchedule.layoutGap });
  assert.deepEqual(decide({ ...stale, version: 10 }, { lastLayout: 9000 }), { action: 'wait', until: 11000 });
  // A report holding far more than its session keeps is made again.
  assert.deepEqual(decide({ ...shown, version: 10, entries: 5000 }), { action: 'relayout' });
  assert.ok(LiveSchedule.layoutGap >= 2000);
});
