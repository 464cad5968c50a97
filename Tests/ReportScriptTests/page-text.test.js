// Unit tests of Sources/RecoilRender/Report/Web/report/page-text.js, run by `node --test
// Tests/ReportScriptTests` (ReportScriptTests in the Swift suite runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { PageText } = require('./page-modules.js');

test('text from the app shows bidi controls and control characters as markers, never applies them', () => {
  assert.equal(PageText.visible('abc\u202Edef'), 'abc⟨U+202E⟩def');
  assert.equal(PageText.visible('\u2066x\u2069\u200f'), '⟨U+2066⟩x⟨U+2069⟩⟨U+200F⟩');
  assert.equal(PageText.visible('bell\u0007 esc\u001b[31m'), 'bell⟨U+0007⟩ esc⟨U+001B⟩[31m');
  assert.equal(PageText.visible('a\nb\tc'), 'a⟨U+000A⟩b⟨U+0009⟩c');
  assert.equal(PageText.visible('a\nb\tc', true), 'a\nb\tc');
  assert.equal(PageText.visible('plain "text" <b>'), 'plain "text" <b>');
});

test('a label shows a value cut as the renderer cuts it, with control characters made visible', () => {
  assert.equal(PageText.labelPreview('"EUR"'), '"EUR"');
  assert.equal(PageText.labelPreview('a\nb'), 'a b');
  assert.equal(PageText.labelPreview('x'.repeat(40)), 'x'.repeat(31) + '…');
  assert.equal(PageText.labelPreview('x'.repeat(32)), 'x'.repeat(32));
  assert.equal(PageText.labelPreview('é'.repeat(20)), 'é'.repeat(20));  // 40 bytes, 20 characters
  assert.equal(PageText.labelPreview('\u001b[31m\u202e'), '\u241b[31m⟨U+202E⟩');
  assert.equal(PageText.labelPreview('\u0085\u007f'), '\ufffd\u2421');
});

test('an entry shows the snapshot\'s own number, past what a script holds exactly', () => {
  // Past 2^53 the page numbers entries from 1 and each says its own number as text.
  const far = { seq: 2, seqText: '9223372036854775806', kind: 'write', cause: 1, causeText: '9223372036854775805', node: 0 };
  const near = { seq: 74, kind: 'write', cause: 73, node: 0 };
  const nodes = [{ id: 'Pricing.currency', kind: 'atom' }];
  assert.equal(PageText.entryNumber(far), '9223372036854775806');
  assert.equal(PageText.causeNumber(far), '9223372036854775805');
  assert.equal(PageText.entryNumber(near), '74');
  assert.equal(PageText.causeNumber(near), '73');
  assert.ok(PageText.entryTitle(far, nodes).startsWith('#9223372036854775806 write Pricing.currency'));
  assert.ok(PageText.entryTitle(near, nodes).startsWith('#74 write'));
});

test('whole numbers compare exactly, as numbers or as digits past 2^53', () => {
  assert.equal(PageText.wholeLess('9223372036854775806', '9223372036854775807'), true);
  assert.equal(PageText.wholeLess('9223372036854775807', '9223372036854775807'), false);
  assert.equal(PageText.wholeLess(3, '9007199254740993'), true);
  assert.equal(PageText.wholeLess(12, 9), false);
});
